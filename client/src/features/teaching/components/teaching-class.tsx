import { UsersRound } from 'lucide-react';
import { useMarkAttendance } from '@/api/generated/reservations/reservations';
import type { TeachingClassDto } from '@/api/generated/model';
import { ErrorMessage } from '@/components/ui/error-message';
import { attendanceSummaryText } from '@/features/booking';
import { CoverRequest } from './cover-request';
import { StudentRow } from './student-row';
import { TeachingRoom } from './teaching-room';
import { TeachingWalkIn } from './teaching-walk-in';

/** One class the instructor teaches: its roster at the door, walk-ins and the request for a substitute. */
export function TeachingClass({ klass }: { klass: TeachingClassDto }) {
  const marking = useMarkAttendance();
  const pendingId = marking.isPending ? (marking.variables?.data.id ?? null) : null;
  const titleId = `clase-${klass.scheduleId}-${klass.date}`;
  const upcoming = !klass.isPastClass && !klass.isCancelled;

  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-card bg-surface p-4 shadow-soft sm:p-6">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h3 id={titleId} className="font-display text-2xl leading-tight text-ink-strong figures">
          {klass.time}
        </h3>
        {klass.substitute ? (
          <span className="rounded-pill bg-sand px-2.5 py-0.5 text-xs font-medium text-ink">Como suplente</span>
        ) : null}
        {klass.isCancelled ? (
          <span className="rounded-pill bg-danger-soft px-2.5 py-0.5 text-xs font-medium text-danger">Cancelada</span>
        ) : null}
        <span className="ml-auto inline-flex items-center gap-1.5 text-sm font-medium text-ink">
          <UsersRound aria-hidden="true" className="size-4 text-ink-muted" />
          {klass.reservedCount} de {klass.capacity}
        </span>
      </header>
      {klass.canMarkAttendance ? (
        <p aria-live="polite" className="rounded-control bg-sand/60 px-3 py-2 text-sm font-medium text-ink">
          {attendanceSummaryText(klass.attendance)}
        </p>
      ) : null}
      {klass.spots.length > 0 && klass.students.length > 0 ? <TeachingRoom klass={klass} /> : null}
      {klass.students.length === 0 ? (
        <p className="text-ink-muted">Nadie ha reservado todavía.</p>
      ) : (
        <ul aria-label={`Inscritos a las ${klass.time}`} className="divide-y divide-line">
          {klass.students.map((student) => (
            <StudentRow
              key={student.reservationId}
              student={student}
              classId={klass.classId}
              canMark={klass.canMarkAttendance}
              pendingId={pendingId}
              onMark={(id, attended) => marking.mutate({ data: { id, attended } })}
            />
          ))}
        </ul>
      )}
      <ErrorMessage error={marking.error} />
      {klass.canWalkIn ? (
        <TeachingWalkIn date={klass.date} scheduleId={klass.scheduleId} full={klass.reservedCount >= klass.capacity} />
      ) : null}
      {upcoming ? <CoverRequest klass={klass} /> : null}
    </article>
  );
}
