import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from './cn';

import type { DialogProps } from './dialog';

/**
 * The modal dialog drawn with Radix (loaded on demand by ./dialog). Radix traps focus inside,
 * closes on Escape and on a click outside, hides the rest of the page from screen readers; focus
 * returns to `opener`, the element focused when the dialog was asked to open.
 */
export function DialogContent({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  opener,
}: DialogProps & { opener: HTMLElement | null }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-strong/45 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          // Back to the control that opened it (Radix would only know a Dialog.Trigger), while it is still there.
          onCloseAutoFocus={(event) => {
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          className={cn(
            // Centred with `transform` (not `translate`) because the dialog-in keyframes animate `transform`.
            'fixed top-1/2 left-1/2 z-50 flex [transform:translate(-50%,-50%)] flex-col',
            'max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg',
            'rounded-card border border-line bg-surface shadow-lift focus:outline-none',
            'data-[state=open]:animate-dialog-in',
            className,
          )}
        >
          <header className="shrink-0 px-5 pt-5 pr-14 sm:px-6 sm:pt-6 sm:pr-16">
            <DialogPrimitive.Title className="font-display text-2xl leading-tight text-ink-strong">
              {title}
            </DialogPrimitive.Title>
            {description !== undefined ? (
              <DialogPrimitive.Description className="mt-1.5 text-sm text-ink-muted">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 sm:px-6">{children}</div>
          {footer !== undefined ? (
            <footer className="flex shrink-0 flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:flex-wrap sm:justify-end sm:px-6">
              {footer}
            </footer>
          ) : null}
          {/* Last in the DOM so that opening focuses the first field, not the close button. */}
          <DialogPrimitive.Close
            aria-label="Cerrar"
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-control text-ink-muted transition-colors hover:bg-sand hover:text-ink sm:top-4 sm:right-4"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
