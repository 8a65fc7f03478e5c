import { useListPublicClassTypes } from '@/api/generated/tipos-de-clase/tipos-de-clase';
import { cn } from '@/components/ui/cn';
import { controlClasses } from '@/components/ui/field';

/**
 * Reservar's "Tipo de clase" filter: "Todos" or one of the active class types, beside the
 * instructor's. A native select (the booking page's script is kept light); hidden while the studio
 * gives a single type.
 */
export function ClassTypeFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (classTypeId: number | undefined) => void;
}) {
  const types = useListPublicClassTypes({ query: { staleTime: 5 * 60_000 } }).data?.tiposDeClase ?? [];
  if (types.length < 2) return null;
  return (
    <label className="mb-4 flex max-w-xs flex-col gap-1.5 text-sm font-medium text-ink">
      Tipo de clase
      <select
        className={cn(controlClasses, 'pr-8')}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">Todos</option>
        {types.map((type) => (
          <option key={type.id} value={String(type.id)}>
            {type.name} · {type.levelName}
          </option>
        ))}
      </select>
    </label>
  );
}
