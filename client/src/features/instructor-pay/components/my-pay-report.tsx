import { useState } from 'react';
import { useGetMyPay } from '@/api/generated/instructores/instructores';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { currentStudioDay } from '@/lib/studio-time-zone';
import { monthOf } from '../month';
import { MonthPicker } from './month-picker';
import { PayRules, PaySheet } from './pay-sheet';

/**
 * "Mi pago": the instructor's own classes of a month and what they earned. The server answers the
 * caller's own figures only; the month is the one thing asked for.
 */
export function MyPayReport() {
  const [month, setMonth] = useState(() => monthOf({}, currentStudioDay()));
  const report = useGetMyPay({ month });
  return (
    <div className="space-y-5">
      <MonthPicker month={month} onMonthChange={setMonth} />
      <PayRules />
      {report.isError ? (
        <LoadError error={report.error} retry={() => report.refetch()} lead="No pudimos cargar tu pago del mes." />
      ) : !report.data ? (
        <Spinner label="Cargando tu pago del mes…" />
      ) : (
        <PaySheet pay={report.data.report} title="Tus clases del mes" />
      )}
    </div>
  );
}
