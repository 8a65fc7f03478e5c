import { useState, type ReactNode } from 'react';
import { onDemand } from '@/lib/on-demand';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions pinned under the content; they stay visible while a long body scrolls. */
  footer?: ReactNode;
  className?: string;
}

// Radix Dialog (focus trap, scroll lock: about 9 KB gzip) loads when a dialog first opens, not with
// the pages that only might open one.
const DialogContent = onDemand(() => import('./dialog-content').then((module) => module.DialogContent));

/** Loads the dialogs' code ahead of a first opening (tests; a page about to open one). */
export const preloadDialog = (): Promise<unknown> => DialogContent.preload();

/**
 * Whether a dialog has been open at least once. A dialog shows nothing before its first opening, so
 * the component behind it need not run before then either (its reads, mutations and content: work a
 * server-rendered page would do for every visitor); from then on it stays mounted, so that closing
 * can animate.
 */
export function useEverOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The element that had the focus when `open` became true, read while rendering: before the dialog's
 * content mounts and perhaps moves the focus itself (a summary's title, a confirm button). Radix
 * only knows the opener when it is a `Dialog.Trigger`; these dialogs are opened by state.
 */
function useOpener(open: boolean): HTMLElement | null {
  const [seen, setSeen] = useState<{ open: boolean; opener: HTMLElement | null }>({ open: false, opener: null });
  if (open !== seen.open) {
    const focused = typeof document === 'undefined' ? null : document.activeElement;
    // Closing keeps the opener: focus goes back to it once the content is gone.
    setSeen({ open, opener: open ? (focused instanceof HTMLElement ? focused : null) : seen.opener });
  }
  return seen.opener;
}

/**
 * A modal dialog. Radix traps focus inside, closes on Escape and on a click outside,
 * hides the rest of the page from screen readers and returns focus to the opener.
 */
export function Dialog(props: DialogProps) {
  const opener = useOpener(props.open);
  return useEverOpened(props.open) ? <DialogContent {...props} opener={opener} /> : null;
}
