import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../../../components/layout/section-pending';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/horario')({
  head: titleHead('Horario'),
  component: () => <SectionPending title="Horario" />,
});
