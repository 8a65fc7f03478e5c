import { ChevronRight, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useGetInformationClases } from '@/api/generated/reservations/reservations';
import { DayClasses, placesLabel } from './day-classes';
import { RosterDialog } from './roster-dialog';

/** The selected day's classes on /pilates/usuarios-clases: each one opens its roster. */
export function RosterDay({ date, canCancelClass = false }: { date: string; canCancelClass?: boolean }) {
  const day = useGetInformationClases({ date });
  const [openScheduleId, setOpenScheduleId] = useState<number | null>(null);
  const slots = day.data?.data ?? [];
  // Read from the query so that the dialog follows the refreshed roster after a removal.
  const openSlot = slots.find((slot) => slot.scheduleId === openScheduleId) ?? null;

  return (
    <>
      <DayClasses
        date={date}
        isLoading={day.isPending}
        error={day.data ? null : day.error}
        isEmpty={slots.length === 0}
      >
        <ul className="space-y-3">
          {slots.map((slot) => (
            <li key={slot.scheduleId}>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => setOpenScheduleId(slot.scheduleId)}
                className="flex w-full items-center gap-4 rounded-card bg-surface px-4 py-3 text-left shadow-soft transition-colors hover:bg-sand/60 sm:px-6 sm:py-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-display text-2xl leading-tight text-ink-strong figures">{slot.time}</span>
                  {slot.instructor ? (
                    <span className="block text-sm text-ink-muted">
                      {slot.instructor}
                      {slot.substitute ? ' (suplente)' : ''}
                    </span>
                  ) : null}
                </span>
                {slot.isCancelled ? (
                  <span className="rounded-pill bg-danger-soft px-2.5 py-0.5 text-xs font-medium text-danger">
                    Cancelada
                  </span>
                ) : null}
                <span className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-ink">
                  <UsersRound aria-hidden="true" className="size-4 text-ink-muted" />
                  {placesLabel(slot.reservedCount, slot.capacity)}
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-subtle" />
              </button>
            </li>
          ))}
        </ul>
      </DayClasses>
      <RosterDialog
        date={date}
        slot={openSlot}
        canCancelClass={canCancelClass}
        onOpenChange={(open) => {
          if (!open) setOpenScheduleId(null);
        }}
      />
    </>
  );
}
