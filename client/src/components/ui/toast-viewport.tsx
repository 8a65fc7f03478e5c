import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cn } from './cn';
import type { ToastItem, ToastVariant } from './toast';

const variantClasses: Record<ToastVariant, string> = {
  success: 'border-success/30 bg-success-soft text-success',
  error: 'border-danger/30 bg-danger-soft text-danger',
};

export interface ToastViewportProps {
  toasts: readonly ToastItem[];
  duration: number;
  onClose: (id: number) => void;
}

/**
 * The toasts on screen, drawn with Radix Toast. Loaded with the first toast (see ToastProvider):
 * Radix Toast is not part of any page's first download.
 */
export function ToastViewport({ toasts, duration, onClose }: ToastViewportProps) {
  return (
    <ToastPrimitive.Provider duration={duration} label="Aviso" swipeDirection="down">
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) onClose(toast.id);
          }}
          // Errors interrupt the screen reader (assertive); confirmations wait their turn (polite).
          type={toast.variant === 'error' ? 'foreground' : 'background'}
          className={cn(
            'flex w-full items-start gap-3 rounded-card border px-4 py-3 text-sm font-medium shadow-lift',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-y-[var(--radix-toast-swipe-move-y)] data-[swipe=cancel]:translate-y-0',
            'data-[swipe=end]:animate-toast-out',
            variantClasses[toast.variant],
          )}
        >
          {toast.variant === 'error' ? (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <ToastPrimitive.Description className="flex-1">{toast.message}</ToastPrimitive.Description>
          <ToastPrimitive.Close
            aria-label="Cerrar aviso"
            className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-control opacity-70 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Avisos ({hotkey})"
        className={cn(
          // Phones: bottom centre, full width minus a margin. Desktop: bottom right.
          'fixed inset-x-0 bottom-0 z-[100] m-0 flex list-none flex-col items-center gap-2 p-4 outline-none',
          'sm:left-auto sm:w-96 sm:items-end sm:p-6',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
