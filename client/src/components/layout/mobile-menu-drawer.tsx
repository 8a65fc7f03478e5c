import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { HeaderUser } from './header';
import { sectionLinks } from './nav-links';

const itemClasses =
  'block rounded-control px-4 py-3 text-lg font-medium text-ink transition-colors hover:bg-sand ' +
  'data-[status=active]:text-accent';

export interface MobileMenuDrawerProps {
  user: HeaderUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the drawer closes (the menu button). */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * The phone menu's drawer from the right, with the user's name and every section. Loaded on demand
 * by MobileMenu: Radix Dialog (focus trap, Escape, hidden background) stays out of the first download.
 */
export default function MobileMenuDrawer({ user, open, onOpenChange, returnFocusTo }: MobileMenuDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-strong/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const button = returnFocusTo();
            if (button?.isConnected) {
              event.preventDefault();
              button.focus();
            }
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col bg-surface p-4 shadow-lift data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="font-display text-2xl text-ink-strong">{user ? user.name : 'Menú'}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-sand"
              aria-label="Cerrar menú"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Secciones del sitio</Dialog.Description>
          <nav aria-label="Menú móvil">
            <ul className="space-y-1">
              <li>
                <Link to="/pilates" activeOptions={{ exact: true }} className={itemClasses} onClick={close}>
                  Pilates Reformer
                </Link>
              </li>
              <li>
                <Link to="/cycling" className={itemClasses} onClick={close}>
                  Indoor Cycling
                </Link>
              </li>
              {sectionLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={itemClasses} onClick={close}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/pilates/reservar" className={itemClasses} onClick={close}>
                  Reservar
                </Link>
              </li>
              <li>
                {user ? (
                  <Link to="/pilates/informacion" className={itemClasses} onClick={close}>
                    Mi Perfil
                  </Link>
                ) : (
                  <Link to="/pilates/cuenta" className={itemClasses} onClick={close}>
                    Mi cuenta
                  </Link>
                )}
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
