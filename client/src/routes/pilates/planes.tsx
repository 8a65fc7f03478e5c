import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { PlansGrid, catalogueQueryOptions } from '../../features/plans/components/plans-grid';
import { plansSearchSchema } from '../../features/plans/search';
import { publicPageHead } from '../../lib/page-title';
import { pageRead } from '../../lib/server-read';

export const Route = createFileRoute('/pilates/planes')({
  validateSearch: plansSearchSchema,
  // The plans and their prices: in the server's first HTML.
  loader: ({ context }) => pageRead(context.queryClient, catalogueQueryOptions),
  head: publicPageHead('planes'),
  component: PlanesPage,
});

function PlanesPage() {
  const { comprar, suscribir } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <section className="container-page py-12 md:py-16">
      {/* As wide as three cards, so the title lines up with the grid. */}
      <div className="mx-auto max-w-[calc(3*300px+2*1.5rem)]">
        <PageHeading
          title="Planes"
          lead="Elige cuántas clases de Pilates Reformer quieres tomar este mes y reserva tu lugar en el calendario."
        />
        <PlansGrid
          buyPlanId={comprar}
          onPurchaseClosed={() => {
            if (comprar !== undefined) void navigate({ search: {}, replace: true });
          }}
          subscribePlanId={suscribir}
          onSubscribeClosed={() => {
            if (suscribir !== undefined) void navigate({ search: {}, replace: true });
          }}
        />
      </div>
    </section>
  );
}
