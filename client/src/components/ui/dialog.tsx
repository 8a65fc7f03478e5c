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
 * A modal dialog. Radix traps focus inside, closes on Escape and on a click outside,
 * hides the rest of the page from screen readers and returns focus to the opener.
 */
export function Dialog(props: DialogProps) {
  return useEverOpened(props.open) ? <DialogContent {...props} /> : null;
}
