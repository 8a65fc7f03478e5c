import { formatLongDateWithWeekday } from '@pilates/dates';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import type { WaitlistPlaceDto } from '@/api/generated/model';
import { Button } from '@/components/ui/button';
import { positionLabel } from '../format';
import { LeaveWaitlistDialog } from './waitlist-dialogs';

/** "Listas de espera" in Mis clases: each full class the client waits for, their place, and leaving. */
export function MyWaitlists({ lines }: { lines: WaitlistPlaceDto[] }) {
  const [leaving, setLeaving] = useState<WaitlistPlaceDto | null>(null);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="my-waitlists-title" className="mb-6">
      <h2 id="my-waitlists-title" className="mb-3 font-display text-xl text-ink-strong">
        Listas de espera
      </h2>
      <ul className="space-y-2">
        {lines.map((line) => (
          <li
            key={line.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-surface px-4 py-3 shadow-soft"
          >
            <div className="min-w-0">
              <p className="font-medium text-ink-strong">
                {formatLongDateWithWeekday(line.date).replace(/^./, (c) => c.toUpperCase())} · {line.time}
              </p>
              <p className="flex items-center gap-1.5 text-sm text-ink-muted">
                <Hourglass aria-hidden="true" className="size-4" />
                {positionLabel(line.position)}. Te avisamos por correo si se libera un lugar.
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Salir de la lista de espera del ${formatLongDateWithWeekday(line.date)} a las ${line.time}`}
              onClick={() => setLeaving(line)}
            >
              Salir de la lista
            </Button>
          </li>
        ))}
      </ul>
      <LeaveWaitlistDialog entry={leaving} onClose={() => setLeaving(null)} />
    </section>
  );
}
