import { cn } from '../ui/cn';
import { studio } from '../../content/studio';

/** The studio's mark: a reformer carriage drawn as a circle over a line, with the studio's short name. */
export function Logo({ className, tone = 'ink' }: { className?: string; tone?: 'ink' | 'light' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2.5',
        tone === 'light' ? 'text-on-dark' : 'text-ink-strong',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 40 40" className="size-9 shrink-0" fill="none">
        <circle cx="20" cy="20" r="18.5" stroke="currentColor" strokeWidth="1.5" />
        <circle cx="20" cy="15" r="4" fill="var(--color-accent)" />
        <path
          d="M9 26h22M12 26l3-6h10l3 6"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="flex flex-col leading-none">
        {/* The spaces after the words keep a link's name "Pilates Reformer …", as it reads. */}
        <span className="font-display text-xl font-semibold tracking-wide">{'Pilates '}</span>
        <span className="text-[0.625rem] font-semibold uppercase tracking-[0.28em] opacity-80">{'Reformer '}</span>
      </span>
      <span className="sr-only">{studio.name}</span>
    </span>
  );
}
