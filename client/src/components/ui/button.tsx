import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** `icon`: a square button that shows only an icon (give it an aria-label and a title). */
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-pill font-medium tracking-wide ' +
  'transition-[background-color,color,border-color,box-shadow,transform] duration-200 ease-calm ' +
  'disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55 ' +
  'active:translate-y-px';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-white shadow-soft hover:bg-accent-strong',
  secondary: 'border border-ink/70 bg-transparent text-ink hover:border-ink hover:bg-ink hover:text-canvas',
  ghost: 'bg-transparent text-ink hover:bg-sand',
  danger: 'bg-danger text-white shadow-soft hover:bg-danger-strong',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-6 text-[0.9375rem]',
  lg: 'h-13 px-8 text-base',
  icon: 'size-9 shrink-0 text-sm',
};

/** The button look, for links that should look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the label for screen readers and blocks further clicks. */
  loading?: boolean;
  /** Announced while loading; the visible label stays. */
  loadingLabel?: string;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingLabel = 'Cargando…',
  icon,
  type = 'button',
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {loading ? <Spinner size="sm" label={loadingLabel} className="text-current" /> : icon}
      {children}
    </button>
  );
}
