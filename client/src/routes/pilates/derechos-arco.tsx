import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../components/layout/page-heading';
import { ARCO_RIGHTS, ArcoRequestForm } from '../../features/arco';
import { ShortNotice } from '../../features/legal';
import { useSession } from '../../features/session';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/pilates/derechos-arco')({
  head: publicPageHead('arco'),
  component: ArcoRightsPage,
});

/** «Ejercer mis derechos ARCO»: the four rights in plain words and the form, for anyone (prefilled when logged in). */
function ArcoRightsPage() {
  const { user } = useSession();
  return (
    <article className="container-page py-12 md:py-16">
      <PageHeading
        title="Ejercer mis derechos ARCO"
        lead="Tienes derecho a saber qué datos personales tuyos tenemos y a decidir sobre ellos. Te respondemos en un plazo máximo de 20 días hábiles."
      />
      <div className="max-w-prose space-y-8">
        <ul className="space-y-2 text-ink-muted">
          {ARCO_RIGHTS.map((right) => (
            <li key={right.value}>
              <span className="font-medium text-ink">{right.label}</span>: {right.line}
            </li>
          ))}
        </ul>
        <ShortNotice />
        <ArcoRequestForm name={user?.name ?? ''} email={user?.email ?? ''} />
      </div>
    </article>
  );
}
