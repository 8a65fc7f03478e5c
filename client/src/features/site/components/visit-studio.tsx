import { Logo } from '@/components/layout/logo';
import { InstagramIcon, WhatsappIcon } from '@/components/layout/social-icons';
import { LazyMap } from '@/components/media/lazy-map';
import { useStudioContact } from '@/lib/studio-contact';

const socialLink =
  'inline-flex min-h-11 items-center gap-2.5 rounded-pill border border-line bg-surface px-5 text-sm font-medium ' +
  'text-ink transition-colors hover:border-accent hover:text-accent';

/** Home section 5: logo, address, the invitation to follow the studio, Instagram, WhatsApp and the map. */
export function VisitStudio() {
  const contact = useStudioContact();
  return (
    <section aria-labelledby="visitanos" className="bg-sand/60 py-16 md:py-24">
      <div className="container-page grid items-start gap-10 md:grid-cols-[1fr_1.4fr] md:gap-14">
        <div>
          <Logo />
          <h2 id="visitanos" className="mt-8 text-title">
            Visítanos
          </h2>
          <address className="mt-4 space-y-1 text-lead text-ink-muted not-italic">
            {contact.addressLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </address>
          {contact.openingHours.length > 0 ? (
            <div className="mt-4 space-y-1 text-ink-muted">
              <p className="font-medium text-ink-strong">Horario</p>
              {contact.openingHours.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : null}
          <p className="mt-8 font-medium text-ink-strong">Síguenos y escríbenos</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href={contact.instagramUrl} target="_blank" rel="noopener noreferrer" className={socialLink}>
              <InstagramIcon className="size-5" />
              Instagram {contact.instagramHandle}
              <span className="sr-only">(se abre en otra pestaña)</span>
            </a>
            <a href={contact.whatsappUrl} target="_blank" rel="noopener noreferrer" className={socialLink}>
              <WhatsappIcon className="size-5" />
              Escríbenos por WhatsApp
              <span className="sr-only">(se abre en otra pestaña)</span>
            </a>
          </div>
        </div>
        <LazyMap />
      </div>
    </section>
  );
}
