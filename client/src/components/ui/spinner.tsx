import { cn } from './cn';

export interface SpinnerProps {
  /** Announced to screen readers; visually hidden. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ label = 'Cargando…', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center text-accent', className)}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        // A loading indicator is information, not decoration: it keeps turning, slowly, with reduced motion.
        data-essential-motion=""
        className={cn(sizes[size], 'animate-spin')}
      >
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="2.5" />
        <path d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for a page or a panel that is still loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
