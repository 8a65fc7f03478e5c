import { Star } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { StateSwatch, type SpotState } from './room-spots';

const ENTRIES: { state: SpotState; text: string }[] = [
  { state: 'free', text: 'Libre' },
  { state: 'taken', text: 'Ocupado' },
  { state: 'mine', text: 'Tu lugar' },
  { state: 'out_of_service', text: 'Fuera de servicio' },
];

/** What each reformer's look means: a shape and an icon for every state, never colour alone. */
export function RoomLegend({
  chosen = true,
  mine = true,
  favourite = false,
  className,
}: {
  /** Explains "Tu lugar" (a client's own reformer); the admin's roster has none. */
  mine?: boolean;
  /** Explains the chosen reformer's look (a check on terracotta). */
  chosen?: boolean;
  /** Explains the favourite's star. */
  favourite?: boolean;
  className?: string;
}) {
  return (
    <ul aria-label="Leyenda" className={cn('flex flex-wrap gap-x-4 gap-y-2 text-sm text-ink-muted', className)}>
      {ENTRIES.filter(({ state }) => mine || state !== 'mine').map(({ state, text }) => (
        <li key={state} className="flex items-center gap-2">
          <StateSwatch state={state} className="size-6" />
          {text}
        </li>
      ))}
      {chosen ? (
        <li className="flex items-center gap-2">
          <StateSwatch state="free" chosen className="size-6" />
          Elegido
        </li>
      ) : null}
      {favourite ? (
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-flex size-6 items-center justify-center text-accent">
            <Star className="size-4 fill-current" />
          </span>
          Tu favorito
        </li>
      ) : null}
    </ul>
  );
}
