import { Check, X } from 'lucide-react';
import type { AttendanceSummaryDto, EnrolledUserDto } from '@/api/generated/model';
import { cn } from '@/components/ui/cn';

export const attendanceSummaryText = (summary: AttendanceSummaryDto): string =>
  `Asistieron: ${summary.attended} · No asistieron: ${summary.noShow} · Sin marcar: ${summary.unmarked}`;

/** The state of one person's attendance, in words. */
export const attendanceLabel = (attended: boolean | null): string =>
  attended === null ? 'Sin marcar' : attended ? 'Asistió' : 'No asistió';

export interface AttendanceControlsProps {
  /** Someone booked: the roster's (EnrolledUserDto) or the instructor's page's. */
  person: Pick<EnrolledUserDto, 'reservationId' | 'name' | 'attended'>;
  /** The reservation being marked right now (its buttons wait). */
  pendingId: number | null;
  onMark: (reservationId: number, attended: boolean) => void;
}

/**
 * "Asistió" / "No asistió" for one person at the door: two large toggle buttons (at least 48 px high,
 * half the row each on a phone), the chosen one filled; pressing it again changes nothing.
 */
export function AttendanceControls({ person, pendingId, onMark }: AttendanceControlsProps) {
  const busy = pendingId === person.reservationId;
  const choice = (attended: boolean) => {
    const chosen = person.attended === attended;
    return (
      <button
        type="button"
        aria-pressed={chosen}
        aria-label={`${attended ? 'Asistió' : 'No asistió'}: ${person.name}`}
        disabled={busy}
        onClick={() => onMark(person.reservationId, attended)}
        className={cn(
          'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-control border px-3 text-base font-medium',
          'transition-colors duration-200 ease-calm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
          'disabled:cursor-wait disabled:opacity-70',
          chosen
            ? attended
              ? 'border-success bg-success text-white'
              : 'border-danger bg-danger text-white'
            : 'border-line bg-surface text-ink hover:bg-sand',
        )}
      >
        {attended ? <Check aria-hidden="true" className="size-5" /> : <X aria-hidden="true" className="size-5" />}
        {attended ? 'Asistió' : 'No asistió'}
      </button>
    );
  };
  return (
    <div role="group" aria-label={`Asistencia de ${person.name}`} className="flex w-full gap-2">
      {choice(true)}
      {choice(false)}
    </div>
  );
}
