import { Download } from 'lucide-react';
import { getExportInstructorPayUrl, useGetInstructorPay } from '@/api/generated/admin/admin';
import { buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { classesLabel } from '@/lib/format';
import { MonthPicker } from './month-picker';
import { formatCents, PayRules, PaySheet } from './pay-sheet';

/** "Pago a instructores": the month's figures of every instructor, the grand total and the CSV. */
export function InstructorPayReport({
  month,
  onMonthChange,
}: {
  month: string;
  onMonthChange: (month: string) => void;
}) {
  const report = useGetInstructorPay({ month });
  const instructors = report.data?.instructors;
  const totalCents = report.data?.totalCents ?? 0;
  const taught = instructors?.reduce((sum, pay) => sum + pay.classesTaught, 0) ?? 0;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <MonthPicker month={month} onMonthChange={onMonthChange} />
        {/* A plain download link: the browser sends the session cookie with the GET. */}
        <a
          href={getExportInstructorPayUrl({ month })}
          download
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <Download aria-hidden="true" className="size-4" />
          Descargar CSV
        </a>
      </div>
      <PayRules />
      {report.isError ? (
        <LoadError error={report.error} retry={() => report.refetch()} lead="No pudimos cargar el pago del mes." />
      ) : !instructors ? (
        <Spinner label="Cargando el pago del mes…" />
      ) : (
        <>
          <section
            aria-label="Total del mes"
            className="flex flex-wrap items-baseline justify-between gap-2 rounded-card bg-accent-soft px-4 py-3"
          >
            <p className="text-ink">
              {instructors.length === 1 ? '1 instructor' : `${instructors.length} instructores`} ·{' '}
              {classesLabel(taught)}
            </p>
            <p className="figures text-lg font-semibold text-ink-strong">Total del mes: {formatCents(totalCents)}</p>
          </section>
          {instructors.length === 0 ? (
            <p className="text-ink-muted">Ningún instructor dio clases en este mes.</p>
          ) : (
            instructors.map((pay) => <PaySheet key={pay.instructorId} pay={pay} title={pay.name} />)
          )}
        </>
      )}
    </div>
  );
}
