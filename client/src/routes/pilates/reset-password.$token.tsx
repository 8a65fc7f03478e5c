import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../../components/layout/section-pending';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/reset-password/$token')({
  head: titleHead('Nueva contraseña'),
  component: () => <SectionPending title="Nueva contraseña" />,
});
