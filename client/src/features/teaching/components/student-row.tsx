import { Cake, Sparkles } from 'lucide-react';
import type { TeachingStudentDto } from '@/api/generated/model';
import { AttendanceControls, attendanceLabel } from '@/features/booking';
import { HealthNote } from '@/features/health-profile';
import { classesLeftText } from '../format';

export interface StudentRowProps {
  student: TeachingStudentDto;
  /** The class's row, for reading a student's health notes from it. */
  classId: number | null;
  canMark: boolean;
  pendingId: number | null;
  onMark: (reservationId: number, attended: boolean) => void;
}

/** One client at the door: name, reformer, classes left, first-timer and birthday, and Asistió / No asistió. */
export function StudentRow({ student, classId, canMark, pendingId, onMark }: StudentRowProps) {
  const left = classesLeftText(student);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="inline-flex min-w-0 items-center gap-1 font-medium break-words text-ink-strong">
          {student.name}
          {student.healthNote ? <HealthNote userId={student.userId} name={student.name} classId={classId} /> : null}
        </span>
        {student.spot ? <span className="text-sm text-ink-muted">{student.spot.label}</span> : null}
      </div>
      <div className="flex flex-wrap gap-2 text-sm">
        {student.firstTime ? (
          <span className="inline-flex items-center gap-1 rounded-pill bg-accent-soft px-2.5 py-0.5 font-medium text-accent-strong">
            <Sparkles aria-hidden="true" className="size-4" />
            Primera vez
          </span>
        ) : null}
        {student.birthday ? (
          <span className="inline-flex items-center gap-1 rounded-pill bg-sand px-2.5 py-0.5 font-medium text-ink">
            <Cake aria-hidden="true" className="size-4" />
            Cumple años
          </span>
        ) : null}
        {left ? <span className="text-ink-muted">{left}</span> : null}
      </div>
      {canMark ? (
        <AttendanceControls person={student} pendingId={pendingId} onMark={onMark} />
      ) : student.attended !== null ? (
        <p className="text-sm text-ink-muted">{attendanceLabel(student.attended)}</p>
      ) : null}
    </li>
  );
}
