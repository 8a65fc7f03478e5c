import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../../components/layout/legal-page';
import { studio, studioAddressLines } from '../../content/studio';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/aviso-de-privacidad')({
  head: titleHead('Aviso de privacidad'),
  component: PrivacyPage,
});

// Structure of the LFPDPPP's "aviso de privacidad integral": responsible party, data, purposes, ARCO rights.
function PrivacyPage() {
  return (
    <LegalPage
      title="Aviso de privacidad"
      updated="22 de noviembre de 2026"
      sections={[
        {
          title: 'Responsable',
          body: (
            <p>
              {studio.name}, con domicilio en {studioAddressLines.join(', ')}, es responsable del tratamiento de tus
              datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los
              Particulares.
            </p>
          ),
        },
        {
          title: 'Datos que recabamos',
          body: (
            <p>
              Nombre, correo electrónico, fecha de nacimiento, historial de reservas y de compras de planes. Los datos
              de tu tarjeta los recibe directamente Mercado Pago; el estudio no los guarda.
            </p>
          ),
        },
        {
          title: 'Finalidades',
          body: (
            <p>
              Administrar tu cuenta, tus reservas y tus planes, enviarte confirmaciones y avisos sobre tus clases y
              cumplir obligaciones fiscales.
            </p>
          ),
        },
        {
          title: 'Derechos ARCO',
          body: (
            <p>
              Puedes acceder, rectificar, cancelar u oponerte al tratamiento de tus datos escribiendo al estudio o
              llamando al {studio.phone.display}.
            </p>
          ),
        },
      ]}
    />
  );
}
