import { cn } from '@/components/ui/cn';
import { initialsOf } from '../format';

/** The instructor's photo, or their initials until they have one. */
export function InstructorAvatar({ name, size }: { name: string; size: 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-sand font-display text-ink-strong',
        size === 'lg' ? 'size-24 text-3xl' : 'size-16 text-xl',
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
