import { MenuIcon } from '@/components/ui/inline-icons';
import { lazy, Suspense, useRef, useState } from 'react';
import type { HeaderUser } from './header';

const loadDrawer = () => import('./mobile-menu-drawer');
const MobileMenuDrawer = lazy(loadDrawer);

/**
 * The phone menu button. The drawer's code (and Radix Dialog's) loads when the visitor reaches for
 * the button (pointer, touch or focus), so it is not part of the page's first download.
 */
export function MobileMenu({ user }: { user: HeaderUser | null }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so that the drawer can play its closing animation.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDrawer();

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Abrir menú"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex size-11 items-center justify-center rounded-control text-ink hover:bg-sand"
      >
        <MenuIcon className="size-6" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer user={user} open={open} onOpenChange={setOpen} returnFocusTo={() => button.current} />
        </Suspense>
      ) : null}
    </>
  );
}
