import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../../components/layout/legal-page';
import { studio } from '../../content/studio';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/terminos')({
  head: publicPageHead('terminos'),
  component: TermsPage,
});

function TermsPage() {
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
          title: 'Reservas y cancelaciones',
          body: (
            <p>
              Puedes cancelar una reserva hasta 12 horas antes de la clase y la clase vuelve a tu plan. Después de ese
              plazo la clase se considera tomada. El estudio puede cancelar una clase; en ese caso la clase vuelve a tu
              plan y te avisamos por correo.
            </p>
          ),
        },
        {
          title: 'Salud',
          body: <p>Informa a tu instructor de cualquier lesión o condición médica antes de tu clase.</p>,
        },
      ]}
    />
  );
}
