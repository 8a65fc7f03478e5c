import { Select } from '@/components/ui/select';
import { currentStudioDay } from '@/lib/studio-time-zone';
import { monthsUpTo } from '../month';
import { monthYearTitle } from '@pilates/dates';

/** The month of the report: this month and the 23 before it. */
export function MonthPicker({ month, onMonthChange }: { month: string; onMonthChange: (month: string) => void }) {
  const offered = monthsUpTo(currentStudioDay());
  // An older month from the URL joins the list, so the picker shows it.
  const options = offered.some((option) => option.value === month)
    ? offered
    : [...offered, { value: month, label: monthYearTitle(`${month}-01`) }];
  return (
    <Select label="Mes" options={options} value={month} onValueChange={onMonthChange} className="w-full max-w-56" />
  );
}
