import { useListPublicInstructors } from '@/api/generated/instructores/instructores';
import { cn } from '@/components/ui/cn';
import { controlClasses } from '@/components/ui/field';

/**
 * Reservar's "Instructor" filter: "Todos" or one of the active instructors. A native select (the
 * booking page's script is kept light); hidden while the studio has no instructor to choose.
 */
export function InstructorFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (instructorId: number | undefined) => void;
}) {
  const instructors = useListPublicInstructors({ query: { staleTime: 5 * 60_000 } }).data ?? [];
  if (instructors.length === 0) return null;
  return (
    <label className="mb-4 flex max-w-xs flex-col gap-1.5 text-sm font-medium text-ink">
      Instructor
      <select
        className={cn(controlClasses, 'pr-8')}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">Todos</option>
        {instructors.map((instructor) => (
          <option key={instructor.id} value={String(instructor.id)}>
            {instructor.name}
          </option>
        ))}
      </select>
    </label>
  );
}
