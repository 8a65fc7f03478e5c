import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../../../components/layout/section-pending';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/clases')({
  head: titleHead('Mis clases'),
  component: () => <SectionPending title="Mis clases" />,
});
