import { createFileRoute, notFound } from '@tanstack/react-router';
import { LegalPage } from '../../components/layout/legal-page';
import { legalSearchSchema, loadLegalPage, PublishedLegalPage } from '../../features/legal';
import { useQuery } from '@tanstack/react-query';
import { studio } from '../../content/studio';
import { cancellationPolicySentences, DEFAULT_POLICY } from '../../lib/cancellation-policy';
import { studioQueryOptions } from '../../lib/studio-clock';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/terminos')({
  head: publicPageHead('terminos'),
  validateSearch: legalSearchSchema,
  loaderDeps: ({ search }) => ({ version: search.version }),
  // The version in force (or the earlier one asked for) in the server's first HTML: the text is the page.
  loader: async ({ context, deps }) => {
    const data = await loadLegalPage(context.queryClient, 'terminos', deps.version);
    if (deps.version !== undefined && !data.shown) throw notFound();
    return data;
  },
  component: TermsPage,
});

function TermsPage() {
  const { current, shown, versions } = Route.useLoaderData();
  // Until the studio publishes its first version, the draft below.
  if (!current || !shown) return <DraftTermsPage />;
  return (
    <PublishedLegalPage
      title="Términos y condiciones"
      path="/pilates/terminos"
      shown={shown}
      current={current}
      versions={versions}
    />
  );
}

function DraftTermsPage() {
  // The policy in force (the /pilates layout's loader reads it for the server's first HTML).
  const policy = useQuery(studioQueryOptions).data ?? DEFAULT_POLICY;
  return (
    <LegalPage
      title="Términos y condiciones"
      updated="22 de noviembre de 2026"
      sections={[
        {
          title: 'Uso del sitio',
          body: (
            <p>
              Este sitio pertenece a {studio.name}. Al crear una cuenta, reservar clases o comprar un plan aceptas estos
              términos.
            </p>
          ),
        },
        {
          title: 'Planes y pagos',
          body: (
            <p>
              Los precios están en pesos mexicanos y se cobran más la comisión del procesador de pagos, que se muestra
              antes de pagar. Cada plan es válido por un mes a partir de su fecha de inicio; las clases no usadas en ese
              periodo no se reembolsan.
            </p>
          ),
        },
        {
          title: 'Política de cancelación',
          body: <p>{cancellationPolicySentences(policy).join(' ')}</p>,
        },
        {
          title: 'Salud',
          body: <p>Informa a tu instructor de cualquier lesión o condición médica antes de tu clase.</p>,
        },
      ]}
    />
  );
}
