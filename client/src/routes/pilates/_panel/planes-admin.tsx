import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../../../components/layout/section-pending';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/planes-admin')({
  head: titleHead('Catálogo de planes'),
  component: () => <SectionPending title="Catálogo de planes" />,
});
