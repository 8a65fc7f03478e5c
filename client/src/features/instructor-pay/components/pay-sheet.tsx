import type { InstructorPayDto, PaidClassDto } from '@/api/generated/model';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { DataTableColumn } from '@/components/ui/table';
import { classesLabel, formatMoney } from '@/lib/format';
import { shortDate } from '../month';

const money = (cents: number) => formatMoney(cents / 100);

/** The rate as one line: '$150.00 por clase + $20.00 por asistente arriba de 4'. */
export function rateLabel(rate: InstructorPayDto['rate']): string {
  const perClass = `${money(rate.perClassCents)} por clase`;
  if (rate.perAttendeeCents === 0) return perClass;
  return `${perClass} + ${money(rate.perAttendeeCents)} por asistente arriba de ${rate.attendeeThreshold}`;
}

const kindLabel = (paid: PaidClassDto): string =>
  paid.status === 'cancelled' ? 'Cancelada' : paid.substitute ? 'Suplencia' : 'Impartida';

/** '6', or '5 (reservas)' when attendance was never taken and the bookings were counted. */
const attendeesLabel = (paid: PaidClassDto): string =>
  paid.status === 'cancelled' ? '—' : paid.attendanceTaken ? String(paid.attendees) : `${paid.attendees} (reservas)`;

const COLUMNS: DataTableColumn<PaidClassDto>[] = [
  { key: 'fecha', header: 'Fecha', cell: (paid) => shortDate(paid.date), className: 'figures' },
  { key: 'hora', header: 'Hora', cell: (paid) => paid.time },
  { key: 'clase', header: 'Clase', cell: kindLabel },
  { key: 'asistentes', header: 'Asistentes', cell: attendeesLabel, className: 'figures' },
  { key: 'monto', header: 'Monto', cell: (paid) => money(paid.amountCents), className: 'figures' },
];

/** One instructor's month: their rate, each class with its attendees and amount, and their total. */
export function PaySheet({ pay, title }: { pay: InstructorPayDto; title: string }) {
  const headingId = `pago-${pay.instructorId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-card bg-surface p-4 shadow-soft">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="font-display text-xl text-ink-strong">
          {title}
        </h2>
        <p className="text-sm text-ink-muted">Tarifa: {rateLabel(pay.rate)}</p>
      </div>
      <div className="@container">
        <ResponsiveTable
          label={`Clases de ${pay.name}`}
          columns={COLUMNS}
          rows={pay.classes}
          getRowKey={(paid) => paid.classId}
          cardClassName="flex items-start justify-between gap-3 px-4 py-3"
          renderCard={(paid) => (
            <>
              <div>
                <p className="font-medium text-ink-strong">
                  <span className="figures">{shortDate(paid.date)}</span> · {paid.time}
                </p>
                <p className="text-sm text-ink-muted">
                  {kindLabel(paid)}
                  {paid.status === 'cancelled' ? null : ` · ${attendeesLabel(paid)} asistentes`}
                </p>
              </div>
              <p className="figures font-medium text-ink-strong">{money(paid.amountCents)}</p>
            </>
          )}
          emptyMessage="Sin clases en este mes."
          loadingLabel="Cargando las clases…"
          onPageChange={() => undefined}
        />
      </div>
      <p className="text-right text-sm text-ink">
        {classesLabel(pay.classesTaught)} · {pay.attendees} asistentes ·{' '}
        <strong className="figures text-ink-strong">Total {money(pay.totalCents)}</strong>
      </p>
    </section>
  );
}

/** The rules the figures follow, said once above them. */
export function PayRules() {
  return (
    <p className="max-w-prose text-sm text-ink-muted">
      Cuentan las clases que ya empezaron, para quien las dio (las suplencias, para el suplente). Asistentes: quienes se
      marcaron como asistió; si en una clase no se tomó asistencia, se cuentan sus reservas activas y se indica
      «(reservas)». Las clases canceladas por el estudio aparecen con $0.00. Se usa la tarifa actual de cada instructor.
    </p>
  );
}

export const formatCents = money;
