import { Link } from '@tanstack/react-router';
import { CalendarDays, CalendarRange, ClipboardList, History, LogOut, Tags, UserRound, Users } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { cn } from '../ui/cn';

export interface SideMenuUser {
  name: string;
  role: 'user' | 'admin';
}

const itemClasses =
  'flex items-center gap-3 rounded-control px-3 py-2.5 text-[0.9375rem] font-medium text-ink transition-colors ' +
  'hover:bg-sand data-[status=active]:bg-accent-soft data-[status=active]:text-accent-strong';

function MenuLink({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: ComponentType<{ className?: string }>;
  children: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={itemClasses}>
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {children}
      </Link>
    </li>
  );
}

function LogoutItem({ onLogout, pending }: { onLogout: () => void; pending: boolean }) {
  return (
    <li>
      <button type="button" onClick={onLogout} disabled={pending} className={cn(itemClasses, 'w-full text-left')}>
        <LogOut aria-hidden="true" className="size-5 shrink-0" />
        Salir
      </button>
    </li>
  );
}

/** The nested group's menu: greeting, own pages, and for admins the "Administrador" block. */
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
  return (
    <nav aria-label="Mi cuenta" className="rounded-card bg-surface p-4 shadow-soft">
      <p className="px-3 pb-3 font-display text-2xl text-ink-strong">Hola, {firstName}</p>
      <ul className="space-y-1">
        <MenuLink to="/pilates/informacion" icon={UserRound}>
          Mi información
        </MenuLink>
        <MenuLink to="/pilates/clases" icon={CalendarDays}>
          Mis clases
        </MenuLink>
        {user.role === 'user' ? <LogoutItem onLogout={onLogout} pending={logoutPending} /> : null}
      </ul>
      {user.role === 'admin' ? (
        <div className="mt-4 border-t border-line pt-4">
          <p className="eyebrow px-3 pb-2">Administrador</p>
          <ul className="space-y-1">
            <MenuLink to="/pilates/usuarios" icon={Users}>
              Usuarios
            </MenuLink>
            <MenuLink to="/pilates/usuarios-clases" icon={ClipboardList}>
              Ver clases
            </MenuLink>
            <MenuLink to="/pilates/horario" icon={CalendarRange}>
              Horario
            </MenuLink>
            <MenuLink to="/pilates/planes-admin" icon={Tags}>
              Planes
            </MenuLink>
            <MenuLink to="/pilates/auditoria" icon={History}>
              Auditoría
            </MenuLink>
            <LogoutItem onLogout={onLogout} pending={logoutPending} />
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
