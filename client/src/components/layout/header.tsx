import { Link } from '@tanstack/react-router';
import { InstagramIcon } from './social-icons';
import { useScrolled } from '../../lib/use-scrolled';
import { useStudioContact } from '../../lib/studio-contact';
import { buttonClasses } from '../ui/button';
import { cn } from '../ui/cn';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { sectionLinks } from './nav-links';
import { adminHome } from './admin-home';

export interface HeaderUser {
  name: string;
  role?: string;
}

const navLink =
  'rounded-control px-3 py-2 text-[0.9375rem] font-medium text-ink transition-colors hover:text-accent ' +
  'data-[status=active]:text-accent';

/** The site header; it gains a background and a shadow after 50 px of scroll. */
export function Header({ user }: { user: HeaderUser | null }) {
  const scrolled = useScrolled(50);
  const adminTo = adminHome(user);
  const contact = useStudioContact();
  return (
    <header
      data-scrolled={scrolled || undefined}
      className={cn(
        'sticky top-0 z-40 h-header border-b transition-[background-color,box-shadow,border-color] duration-300',
        scrolled ? 'border-line bg-surface/95 shadow-header backdrop-blur' : 'border-transparent bg-canvas',
      )}
    >
      <div className="container-page flex h-full items-center justify-between gap-4">
        {/* Named by what it shows ("Pilates Reformer", then the studio's name) and where it leads. */}
        <Link to="/pilates" className="rounded-control">
          <Logo />
          <span className="sr-only">: inicio</span>
        </Link>

        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          {sectionLinks.map((link) => (
            <Link key={link.to} to={link.to} className={navLink}>
              {link.label}
            </Link>
          ))}
          <a
            href={contact.instagramUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(navLink, 'inline-flex items-center')}
            aria-label={`Instagram ${contact.instagramHandle} (se abre en otra pestaña)`}
          >
            <InstagramIcon className="size-5" />
          </a>
          {adminTo ? (
            <Link to={adminTo} className={navLink}>
              Administrador
            </Link>
          ) : null}
          {user ? (
            <Link to="/pilates/informacion" className={navLink}>
              Mi Perfil
            </Link>
          ) : (
            <Link to="/pilates/cuenta" className={navLink}>
              Mi cuenta
            </Link>
          )}
          <Link to="/pilates/reservar" className={buttonClasses({ size: 'sm', className: 'ml-2' })}>
            Reservar
          </Link>
        </nav>

        <div className="flex items-center gap-2 md:hidden">
          <Link to="/pilates/reservar" className={buttonClasses({ size: 'sm' })}>
            Reservar
          </Link>
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
