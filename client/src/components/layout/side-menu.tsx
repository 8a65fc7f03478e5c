import { Link } from '@tanstack/react-router';
import {
  CalendarDays,
  CalendarRange,
  ChartColumn,
  ClipboardList,
  Contact,
  Gift,
  History,
  LayoutGrid,
  LogOut,
  Percent,
  Presentation,
  Receipt,
  Repeat,
  Scale,
  Settings,
  ShieldCheck,
  Tags,
  UserRound,
  Users,
  Wallet,
} from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { can, isInstructor, Permission } from '@/lib/permissions';
import { cn } from '../ui/cn';
import { STUDIO_PAGES, type StudioPagePath } from './studio-pages';

export interface SideMenuUser {
  name: string;
  role: string;
}

type MenuIcon = ComponentType<{ className?: string }>;

/** Each studio page's icon (the list itself, shared with the header, lives in studio-pages.ts). */
const STUDIO_PAGE_ICONS: Record<StudioPagePath, MenuIcon> = {
  '/pilates/panel': ChartColumn,
  '/pilates/usuarios': Users,
  '/pilates/usuarios-clases': ClipboardList,
  '/pilates/horario': CalendarRange,
  '/pilates/instructores': Contact,
  '/pilates/pago-instructores': Wallet,
  '/pilates/sala': LayoutGrid,
  '/pilates/planes-admin': Tags,
  '/pilates/membresias': Repeat,
  '/pilates/promociones': Percent,
  '/pilates/tarjetas-de-regalo': Gift,
  '/pilates/facturas': Receipt,
  '/pilates/arco': ShieldCheck,
  '/pilates/auditoria': History,
  '/pilates/ajustes': Settings,
  '/pilates/textos-legales': Scale,
};

// Below md the menu is rows of compact tabs above the content that wrap, so that every page shows
// at 390 px (nothing cut and nothing hidden to the side); from md up, a column beside it.
const itemClasses =
  'flex items-center gap-2 whitespace-nowrap rounded-pill px-3 py-2 text-sm font-medium text-ink transition-colors ' +
  'md:gap-3 md:rounded-control md:py-2.5 md:text-[0.9375rem] ' +
  'hover:bg-sand data-[status=active]:bg-accent-soft data-[status=active]:text-accent-strong';

function MenuLink({ to, icon: Icon, children }: { to: string; icon: MenuIcon; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={itemClasses}>
        <Icon aria-hidden="true" className="size-4 shrink-0 md:size-5" />
        {children}
      </Link>
    </li>
  );
}

function LogoutItem({ onLogout, pending }: { onLogout: () => void; pending: boolean }) {
  return (
    <li>
      <button type="button" onClick={onLogout} disabled={pending} className={cn(itemClasses, 'w-full text-left')}>
        <LogOut aria-hidden="true" className="size-4 shrink-0 md:size-5" />
        Salir
      </button>
    </li>
  );
}

/**
 * The nested group's menu: greeting, own pages, and the "Administrador" block with the studio's pages
 * the user's role may open. Salir closes the last list shown.
 */
export function SideMenu({
  user,
  onLogout,
  logoutPending = false,
}: {
  user: SideMenuUser;
  onLogout: () => void;
  logoutPending?: boolean;
}) {
  const firstName = user.name.split(/\s+/)[0];
  const studioPages = STUDIO_PAGES.filter((page) => can(user, page.permission));
  // An instructor's own classes; whoever reads every roster opens them in "Ver clases" instead.
  const teaches = can(user, Permission.ClassesTeach) && !can(user, Permission.RosterRead);
  return (
    <nav aria-label="Mi cuenta" className="flex flex-wrap rounded-card bg-surface p-1.5 shadow-soft md:block md:p-4">
      <p className="sr-only px-3 pb-3 font-display text-2xl text-ink-strong md:not-sr-only md:block">
        Hola, {firstName}
      </p>
      <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
        <MenuLink to="/pilates/informacion" icon={UserRound}>
          Mi información
        </MenuLink>
        <MenuLink to="/pilates/clases" icon={CalendarDays}>
          Mis clases
        </MenuLink>
        {teaches ? (
          <MenuLink to="/pilates/mis-clases-a-impartir" icon={Presentation}>
            Mis clases a impartir
          </MenuLink>
        ) : null}
        {isInstructor(user) ? (
          <MenuLink to="/pilates/mi-pago" icon={Wallet}>
            Mi pago
          </MenuLink>
        ) : null}
        {studioPages.length === 0 ? <LogoutItem onLogout={onLogout} pending={logoutPending} /> : null}
      </ul>
      {studioPages.length > 0 ? (
        <div className="mt-1.5 basis-full border-t border-line pt-1.5 md:mt-4 md:block md:pt-4">
          <p className="eyebrow sr-only px-3 pb-2 md:not-sr-only md:block">Administrador</p>
          <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
            {studioPages.map((page) => (
              <MenuLink key={page.to} to={page.to} icon={STUDIO_PAGE_ICONS[page.to]}>
                {page.label}
              </MenuLink>
            ))}
            <LogoutItem onLogout={onLogout} pending={logoutPending} />
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
