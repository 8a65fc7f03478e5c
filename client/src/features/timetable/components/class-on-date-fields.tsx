import { isDateOnly, timeToMinutes } from '@pilates/dates';
import type { SlotDto } from '@/api/generated/model';
import { useGetInformation } from '@/api/generated/reservations/reservations';
import { DateField } from '@/components/ui/date-field';
import { Select, type SelectOption } from '@/components/ui/select';
import { useStudioToday } from '@/lib/studio-clock';

/** The classes of a date, by time of day ('7:00 AM' before '10:00 AM', whatever order the answer has). */
export function useClassesOn(date: string) {
  const validDate = isDateOnly(date);
  const query = useGetInformation({ date }, { query: { enabled: validDate } });
  const slots = [...(query.data?.data ?? [])].sort((a, b) => timeToMinutes(a.time) - timeToMinutes(b.time));
  return { validDate, query, slots };
}

export type ClassesOn = ReturnType<typeof useClassesOn>;

/**
 * "Fecha" and "Clase" of a form about one class on one date (cancel it, put a substitute on it):
 * started and cancelled classes are shown but cannot be chosen; `describe` says what follows the time.
 */
export function ClassOnDateFields({
  date,
  onDateChange,
  scheduleId,
  onClassChange,
  classes,
  describe,
  classError,
}: {
  date: string;
  onDateChange: (date: string) => void;
  scheduleId: string;
  onClassChange: (scheduleId: string) => void;
  classes: ClassesOn;
  describe: (slot: SlotDto) => string;
  classError?: string;
}) {
  const today = useStudioToday();
  const options: SelectOption[] = classes.slots.map((slot) => {
    const value = String(slot.scheduleId);
    if (slot.isCancelled) return { value, label: `${slot.time} · cancelada`, disabled: true };
    if (slot.isPastClass) return { value, label: `${slot.time} · ya comenzó`, disabled: true };
    return { value, label: `${slot.time}${describe(slot)}` };
  });
  const placeholder = !classes.validDate
    ? 'Elige primero una fecha'
    : classes.query.isPending
      ? 'Cargando clases…'
      : options.length === 0
        ? 'No hay clases ese día'
        : 'Elige una clase';
  return (
    <>
      <DateField
        label="Fecha"
        required
        min={today}
        value={date}
        error={date !== '' && !classes.validDate ? 'La fecha no es válida' : undefined}
        onChange={(event) => onDateChange(event.target.value)}
      />
      <Select
        label="Clase"
        required
        options={options}
        value={scheduleId}
        onValueChange={onClassChange}
        placeholder={placeholder}
        disabled={!classes.validDate || options.length === 0}
        error={classError}
      />
    </>
  );
}
