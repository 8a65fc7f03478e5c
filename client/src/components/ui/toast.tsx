import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

/** How long a toast stays on screen. Radix pauses the countdown while the pointer or focus is on it. */
export const TOAST_DURATION_MS = 1500;

export type ToastVariant = 'success' | 'error';

export interface ToastApi {
  show: (message: string, variant?: ToastVariant) => void;
}

interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
  open: boolean;
}

const ToastContext = createContext<ToastApi | null>(null);

const variantClasses: Record<ToastVariant, string> = {
  success: 'border-success/30 bg-success-soft text-success',
  error: 'border-danger/30 bg-danger-soft text-danger',
};

/** Wrap the app once; `useToast()` then shows short messages from anywhere below. */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: { children: ReactNode; duration?: number }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);

  const show = useCallback((message: string, variant: ToastVariant = 'success') => {
    nextId.current += 1;
    const id = nextId.current;
    // Closed toasts stay in the list until the next one so that their exit animation can play.
    setToasts((current) => [...current.filter((toast) => toast.open), { id, message, variant, open: true }]);
  }, []);

  const close = useCallback((id: number) => {
    setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
  }, []);

  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider duration={duration} label="Aviso" swipeDirection="down">
        {children}
        {toasts.map((toast) => (
          <ToastPrimitive.Root
            key={toast.id}
            open={toast.open}
            onOpenChange={(open) => {
              if (!open) close(toast.id);
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
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
