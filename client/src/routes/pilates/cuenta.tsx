import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../../components/layout/section-pending';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/cuenta')({
  head: titleHead('Mi cuenta'),
  component: () => <SectionPending title="Mi cuenta" />,
});
