import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../../../components/layout/section-pending';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/informacion')({
  head: titleHead('Mi información'),
  component: () => <SectionPending title="Mi información" />,
});
