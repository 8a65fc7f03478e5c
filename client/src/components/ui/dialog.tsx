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
 * A modal dialog. Radix traps focus inside, closes on Escape and on a click outside,
 * hides the rest of the page from screen readers and returns focus to the opener.
 */
export function Dialog(props: DialogProps) {
  // Nothing before the first opening; from then on it stays mounted, so that closing can animate.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <DialogContent {...props} /> : null;
}
