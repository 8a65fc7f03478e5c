import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../features/session/guards';
import { SectionPending } from '../../../components/layout/section-pending';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/pilates/_panel/auditoria')({
  beforeLoad: ({ context }) => requireAdmin(context.user),
  head: titleHead('Auditoría'),
  component: () => <SectionPending title="Auditoría" />,
});
