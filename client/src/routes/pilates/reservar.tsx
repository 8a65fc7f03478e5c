import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../../components/layout/section-pending';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/reservar')({
  head: titleHead('Reservar'),
  component: () => <SectionPending title="Reservar" />,
});
