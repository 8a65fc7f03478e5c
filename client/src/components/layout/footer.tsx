import { Link } from '@tanstack/react-router';
import { studio } from '../../content/studio';
import { useStudioContact } from '@/lib/studio-contact';
import { currentStudioDay } from '@/lib/studio-clock';
import { Logo } from './logo';

const linkClasses = 'text-on-dark-muted transition-colors hover:text-on-dark';

const siteLinks = [
  { to: '/pilates/estudio', label: 'Estudio' },
  { to: '/pilates/beneficios', label: 'Beneficios' },
  { to: '/pilates/cuenta', label: 'Mi cuenta' },
  { to: '/pilates/reservar', label: 'Reservar' },
  { to: '/pilates/planes', label: 'Planes' },
] as const;

const FOURTEEN_HOURS_MS = 14 * 60 * 60 * 1000;

/**
 * The studio's year, not the machine's: the server and the browser write the same one. Every time
 * zone is within 14 hours of UTC, so away from New Year the UTC year is everyone's, and the page
 * does without the zone's formatter (tens of milliseconds of a phone's time while it hydrates).
 */
export function studioYear(now: Date = new Date()): string {
  const earliest = new Date(now.getTime() - FOURTEEN_HOURS_MS).getUTCFullYear();
  const latest = new Date(now.getTime() + FOURTEEN_HOURS_MS).getUTCFullYear();
  return earliest === latest ? String(latest) : currentStudioDay(now).slice(0, 4);
}

export function Footer() {
  const year = studioYear();
  const contact = useStudioContact();
  return (
    <footer className="on-dark bg-ink-strong text-on-dark">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div>
          <Logo tone="light" />
          <p className="mt-4 max-w-xs text-sm text-on-dark-muted">{studio.tagline}</p>
        </div>
        <nav aria-labelledby="footer-sitio">
          <h2
            id="footer-sitio"
            className="mb-4 font-sans text-sm font-semibold tracking-[0.18em] text-on-dark uppercase"
          >
            Sitio
          </h2>
          <ul className="space-y-2 text-sm">
            {siteLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClasses}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-4 font-sans text-sm font-semibold tracking-[0.18em] text-on-dark uppercase">Contacto</h2>
          <address className="space-y-2 text-sm not-italic">
            <p className="text-on-dark-muted">{contact.locationName}</p>
            <p>
              <a href={contact.phoneUrl} className={linkClasses}>
                {contact.phone}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-on-dark/15">
        <div className="container-page flex flex-col gap-3 py-6 text-xs text-on-dark-muted md:flex-row md:items-center md:justify-between">
          <p>
            © {year} {studio.name}. Todos los derechos reservados.
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link to="/pilates/terminos" className={linkClasses}>
                Términos y condiciones
              </Link>
            </li>
            <li>
              <Link to="/pilates/aviso-de-privacidad" className={linkClasses}>
                Aviso de privacidad
              </Link>
            </li>
            <li>
              <Link to="/pilates/derechos-arco" className={linkClasses}>
                Derechos ARCO
              </Link>
            </li>
            <li>
              <a href={studio.agency.url} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                Sitio por {studio.agency.name}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
