import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { LegalPage } from '../../components/layout/legal-page';
import { legalSearchSchema, loadLegalPage, PublishedLegalPage } from '../../features/legal';
import { studio } from '../../content/studio';
import { useStudioContact } from '../../lib/studio-contact';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/aviso-de-privacidad')({
  head: publicPageHead('privacidad'),
  validateSearch: legalSearchSchema,
  loaderDeps: ({ search }) => ({ version: search.version }),
  // The version in force (or the earlier one asked for) in the server's first HTML: the text is the page.
  loader: async ({ context, deps }) => {
    const data = await loadLegalPage(context.queryClient, 'privacidad', deps.version);
    if (deps.version !== undefined && !data.shown) throw notFound();
    return data;
  },
  component: PrivacyPage,
});

function PrivacyPage() {
  const { current, shown, versions } = Route.useLoaderData();
  // Until the studio publishes its first version, the draft below.
  if (!current || !shown) return <DraftPrivacyPage />;
  return (
    <PublishedLegalPage
      title="Aviso de privacidad"
      path="/pilates/aviso-de-privacidad"
      shown={shown}
      current={current}
      versions={versions}
      after={
        <p className="mt-8 text-ink-muted">
          Para ejercer tus derechos ARCO (acceso, rectificación, cancelación u oposición), usa{' '}
          <Link to="/pilates/derechos-arco" className="font-medium text-accent underline-offset-2 hover:underline">
            este formulario
          </Link>
          .
        </p>
      }
    />
  );
}

// The headings of an "aviso de privacidad integral" under Mexico's Ley Federal de Protección de Datos
// Personales en Posesión de los Particulares (LFPDPPP): who is responsible, which data, what for,
// transfers, ARCO rights, revoking consent, limiting use, tracking technologies and changes.
// Placeholder text: the studio's lawyer must review it before launch (LegalPage says so on the page).
function DraftPrivacyPage() {
  const contact = useStudioContact();
  return (
    <LegalPage
      title="Aviso de privacidad"
      updated="22 de noviembre de 2026"
      sections={[
        {
          title: 'Identidad y domicilio del responsable',
          body: (
            <p>
              {studio.name}, con domicilio en {contact.addressLine}, es responsable del uso y protección de tus datos
              personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.
            </p>
          ),
        },
        {
          title: 'Datos personales que recabamos',
          body: (
            <>
              <p>
                Para las finalidades de este aviso usamos datos de identificación y contacto (nombre, correo
                electrónico, teléfono y fecha de nacimiento) y datos de tu actividad en el estudio (reservas, asistencia
                y planes contratados).
              </p>
              <p>
                Los datos de tu tarjeta los recibe directamente Mercado Pago; el estudio no los conoce ni los guarda.
              </p>
            </>
          ),
        },
        {
          title: 'Datos personales sensibles',
          body: (
            <p>
              Si decides informarnos de una lesión o condición de salud para adaptar tus ejercicios, la trataremos como
              dato sensible, solo con tu consentimiento expreso y únicamente para cuidar tu seguridad en clase.
            </p>
          ),
        },
        {
          title: 'Finalidades del tratamiento',
          body: (
            <>
              <p>
                Finalidades necesarias: crear y administrar tu cuenta, registrar tus reservas y tus planes, cobrar tus
                compras, enviarte confirmaciones y avisos de tus clases y cumplir obligaciones fiscales.
              </p>
              <p>
                Finalidades adicionales: enviarte promociones y novedades del estudio. Puedes negarte a ellas en
                cualquier momento sin que esto afecte tus clases.
              </p>
            </>
          ),
        },
        {
          title: 'Transferencias de datos',
          body: (
            <p>
              Compartimos los datos estrictamente necesarios con el procesador de pagos (Mercado Pago) y con proveedores
              de correo y hospedaje que actúan por cuenta del estudio. No vendemos ni cedemos tus datos a terceros para
              sus propios fines.
            </p>
          ),
        },
        {
          title: 'Derechos ARCO',
          body: (
            <p>
              Puedes acceder a tus datos, rectificarlos, cancelarlos u oponerte a su uso (derechos ARCO). Envía tu
              solicitud al estudio con tu nombre, el derecho que quieres ejercer y una copia de tu identificación, en
              recepción o llamando al{' '}
              <a href={contact.phoneUrl} className="font-medium text-accent underline-offset-2 hover:underline">
                {contact.phone}
              </a>
              . Te responderemos en un plazo máximo de 20 días hábiles. Para ejercer tus derechos ARCO, usa{' '}
              <Link to="/pilates/derechos-arco" className="font-medium text-accent underline-offset-2 hover:underline">
                este formulario
              </Link>
              .
            </p>
          ),
        },
        {
          title: 'Revocación del consentimiento y limitación del uso',
          body: (
            <p>
              Puedes revocar tu consentimiento o pedir que limitemos el uso o la divulgación de tus datos por el mismo
              medio que los derechos ARCO. También puedes inscribirte en el Registro Público para Evitar Publicidad de
              la PROFECO.
            </p>
          ),
        },
        {
          title: 'Cookies y tecnologías de rastreo',
          body: (
            <p>
              El sitio usa una cookie propia e indispensable para mantener tu sesión iniciada. No usamos cookies de
              publicidad. El mapa del estudio, servido por Google Maps, solo se carga cuando llegas a él.
            </p>
          ),
        },
        {
          title: 'Cambios al aviso de privacidad',
          body: (
            <p>
              Cualquier cambio a este aviso se publicará en esta página con su fecha de actualización y, si es
              relevante, te lo avisaremos por correo electrónico.
            </p>
          ),
        },
      ]}
    />
  );
}
