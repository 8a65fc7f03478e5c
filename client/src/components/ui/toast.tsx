import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { onDemand } from '@/lib/on-demand';

/** How long a toast stays on screen. Radix pauses the countdown while the pointer or focus is on it. */
export const TOAST_DURATION_MS = 1500;

export type ToastVariant = 'success' | 'error';

export interface ToastApi {
  show: (message: string, variant?: ToastVariant) => void;
}

export interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
  open: boolean;
}

const ToastContext = createContext<ToastApi | null>(null);

// Radix Toast (and its icons) load with the first toast: a page shows none before an action, so
// they stay out of every page's first download. Until then the queue below only keeps the list.
const ToastViewport = onDemand(() => import('./toast-viewport').then((module) => module.ToastViewport));

/** Loads the toasts' code ahead of a first toast (tests). */
export const preloadToasts = (): Promise<unknown> => ToastViewport.preload();

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
      {children}
      {/* Mounted from the first toast on: the list is never empty again, so it stays. */}
      {toasts.length > 0 ? <ToastViewport toasts={toasts} duration={duration} onClose={close} /> : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
