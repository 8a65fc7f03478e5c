import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../../components/layout/section-pending';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/estudio')({
  head: titleHead('Estudio'),
  component: () => <SectionPending title="Estudio" />,
});
