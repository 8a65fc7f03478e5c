import { Download, MessageCircle, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { getExportCsvUrl, useSendPlanReminder } from '@/api/generated/admin/admin';
import type {
  DashboardResponseDto,
  DiscountsAndGiftsDto,
  EndingPlanDto,
  OccupancyCellDto,
  OffsiteBackupDto,
  OccupancyDto,
  RevenueByMethodDto,
  RestoreDrillDto,
  RevenueDto,
  WaitlistDemandDto,
  WhatsAppFiguresDto,
} from '@/api/generated/model';
import { Button, buttonClasses } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { useToast } from '@/components/ui/toast';
import {
  formatCents,
  formatCount,
  formatPercent,
  monthLabel,
  offsiteBackupText,
  restoreDrillText,
  shortDate,
  timeLabel,
  WEEKDAY_LABELS,
  weekdayLabel,
} from '../format';
import type { Period } from '../period';
import { AttendanceChart, RevenueChart } from './charts';

const card = 'rounded-card bg-surface p-5 shadow-soft md:p-6';
const tableClasses =
  'figures w-full text-left text-sm [&_td]:py-1.5 [&_td]:pr-4 [&_th]:py-1.5 [&_th]:pr-4 [&_th]:font-medium';

export function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="font-display text-2xl text-ink-strong">
        {title}
      </h2>
      {lead ? <p className="mt-1 max-w-prose text-sm text-ink-muted">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The chart's accessible alternative: the same figures as a table. */
function AsTable({ children }: { children: ReactNode }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-accent">Ver como tabla</summary>
      <div className="mt-2 overflow-x-auto">{children}</div>
    </details>
  );
}

export function KeyFigures({ data }: { data: DashboardResponseDto }) {
  const { occupancy, attendance, revenue, clients } = data;
  const marked = attendance.attended + attendance.noShow;
  const figures = [
    { label: 'Ocupación', value: occupancy.offered > 0 ? formatPercent(occupancy.taken / occupancy.offered) : '—' },
    { label: 'Asistencia (de las marcadas)', value: marked > 0 ? formatPercent(attendance.attended / marked) : '—' },
    { label: 'Ingresos Mercado Pago (neto)', value: formatCents(revenue.mercadoPagoNetCents) },
    { label: 'Pagado en estudio (catálogo)', value: formatCents(revenue.adminPaidCents) },
    { label: 'Clientes nuevos', value: formatCount(clients.newClients) },
    { label: 'Clientes activos hoy', value: formatCount(clients.activeClients) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
      {figures.map((f) => (
        // The card is a size container: the figure's size follows the card's width, so "$1,234,567.89"
        // stays on one line inside it at 390 px as at 1280 px.
        <div key={f.label} className={`${card} @container min-w-0`} data-key-figure="">
          <dt className="text-sm text-ink-muted">{f.label}</dt>
          <dd className="figures mt-1 whitespace-nowrap font-display text-[clamp(1rem,13.5cqi,1.875rem)] leading-tight text-ink-strong">
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Sage for empty, terracotta for full: the cell's colour follows its ratio (the text says it too). */
const heatColor = (ratio: number): string => `color-mix(in srgb, #a4553a ${Math.round(ratio * 100)}%, #e4e8dc)`;

const cellLabel = (c: OccupancyCellDto) =>
  `${weekdayLabel(c.weekday)} ${timeLabel(c.startTime)}: ${formatCount(c.taken)} de ${formatCount(c.offered)} lugares (${formatPercent(c.ratio)})`;

export function OccupancyHeatmap({ occupancy }: { occupancy: OccupancyDto }) {
  const times = [...new Set(occupancy.cells.map((c) => c.startTime))].sort();
  const at = new Map(occupancy.cells.map((c) => [`${c.weekday} ${c.startTime}`, c]));
  if (times.length === 0) return <p className="text-sm text-ink-muted">No hubo clases en este periodo.</p>;
  return (
    <>
      {/* The week fits a phone: fixed columns, a compact cell; wider tables still scroll, never clip. */}
      <div className="overflow-x-auto">
        <table
          className="figures w-full table-fixed border-separate border-spacing-0.5 text-center text-xs sm:border-spacing-1 sm:text-sm"
          data-heatmap=""
        >
          <caption className="sr-only">Ocupación por día y hora: lugares reservados de los ofrecidos</caption>
          <thead>
            <tr>
              <th scope="col" className="w-14 text-left font-medium text-ink-muted sm:w-20">
                Hora
              </th>
              {WEEKDAY_LABELS.map((day) => (
                <th key={day} scope="col" abbr={day} className="font-medium text-ink-muted">
                  {day.slice(0, 3)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {times.map((time) => (
              <tr key={time}>
                <th scope="row" className="whitespace-nowrap pr-1 text-left font-medium text-ink sm:pr-2">
                  {timeLabel(time)}
                </th>
                {WEEKDAY_LABELS.map((_, index) => {
                  const cell = at.get(`${index + 1} ${time}`);
                  if (!cell) return <td key={index} className="rounded-control bg-sand/40" />;
                  return (
                    <td
                      key={index}
                      title={cellLabel(cell)}
                      className="rounded-control px-0 py-2 sm:px-2"
                      style={{ backgroundColor: heatColor(cell.ratio), color: cell.ratio > 0.55 ? '#fff' : '#1f211b' }}
                    >
                      <span aria-hidden="true">{formatPercent(cell.ratio)}</span>
                      <span className="sr-only">{cellLabel(cell)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <RankedClasses title="Las más llenas" cells={occupancy.fullest} />
        <RankedClasses title="Las más vacías" cells={occupancy.emptiest} />
      </div>
    </>
  );
}

function RankedClasses({ title, cells }: { title: string; cells: readonly OccupancyCellDto[] }) {
  return (
    <div>
      <h3 className="font-medium text-ink-strong">{title}</h3>
      <ol className="mt-1 space-y-0.5 text-sm">
        {cells.map((c) => (
          <li key={`${c.weekday} ${c.startTime}`}>
            {weekdayLabel(c.weekday)} {timeLabel(c.startTime)} ·{' '}
            <span className="figures">
              {formatPercent(c.ratio)} ({formatCount(c.taken)}/{formatCount(c.offered)})
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function AttendanceSection({ data }: { data: DashboardResponseDto }) {
  const a = data.attendance;
  const none = a.attended + a.noShow + a.notMarked === 0;
  return (
    <>
      {none ? (
        <p className="flex h-64 items-center justify-center text-sm text-ink-muted">
          Aún no hay reservas de clases empezadas en este periodo.
        </p>
      ) : (
        <AttendanceChart attendance={a} />
      )}
      <AsTable>
        <table className={tableClasses}>
          <caption className="sr-only">Asistencia a las clases ya empezadas del periodo</caption>
          <thead>
            <tr>
              <th scope="col">Asistió</th>
              <th scope="col">No asistió</th>
              <th scope="col">Sin marcar</th>
            </tr>
          </thead>
          <tbody>
            <tr className="figures">
              <td>{formatCount(a.attended)}</td>
              <td>{formatCount(a.noShow)}</td>
              <td>{formatCount(a.notMarked)}</td>
            </tr>
          </tbody>
        </table>
      </AsTable>
    </>
  );
}

/** How the studio was paid: Mercado Pago and the desk's efectivo, transferencia and terminal. */
const METHOD_LABELS: Record<string, string> = {
  mercado_pago: 'Mercado Pago',
  efectivo: 'Efectivo (mostrador)',
  transferencia: 'Transferencia (mostrador)',
  terminal: 'Tarjeta en terminal (mostrador)',
};

export function RevenueByMethod({ byMethod }: { byMethod: RevenueByMethodDto }) {
  return (
    <div className="mt-5">
      <h3 className="font-medium text-ink-strong">Por forma de pago</h3>
      <p className="text-xs text-ink-muted">
        Lo cobrado menos los reembolsos. Las ventas en mostrador suman {formatCents(byMethod.deskNetCents)}.
      </p>
      <MethodTable
        caption="Ingresos por forma de pago"
        countLabel="Pagos"
        lines={byMethod.methods}
        totalNetCents={byMethod.totalNetCents}
      />
      <h4 className="mt-4 text-sm font-medium text-ink-strong">Tarjetas de regalo por forma de pago</h4>
      <p className="text-xs text-ink-muted">
        Dinero recibido por tarjetas de regalo, aparte de los planes (no se suma al total de arriba). Una tarjeta
        reembolsada cuenta como reembolso.
      </p>
      <MethodTable
        caption="Tarjetas de regalo por forma de pago"
        countLabel="Tarjetas"
        lines={byMethod.giftCardMethods}
        totalNetCents={byMethod.giftCardNetCents}
      />
    </div>
  );
}

/** One line per payment method (count and net) with their total. */
function MethodTable({
  caption,
  countLabel,
  lines,
  totalNetCents,
}: {
  caption: string;
  countLabel: string;
  lines: { method: string; count: number; netCents: number }[];
  totalNetCents: number;
}) {
  return (
    <table className={`${tableClasses} mt-2`}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Forma de pago</th>
          <th scope="col">{countLabel}</th>
          <th scope="col">Neto</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.method} className="figures">
            <th scope="row" className="font-normal">
              {METHOD_LABELS[line.method] ?? line.method}
            </th>
            <td>{formatCount(line.count)}</td>
            <td>{formatCents(line.netCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="figures">
          <th scope="row">Total</th>
          <td>{formatCount(lines.reduce((sum, line) => sum + line.count, 0))}</td>
          <td>{formatCents(totalNetCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** Promo code discounts and gift cards: a gift card sold is money received, plan revenue once its balance is spent. */
function DiscountsAndGifts({ figures }: { figures: DiscountsAndGiftsDto }) {
  return (
    <div className="mt-5">
      <h3 className="font-medium text-ink-strong">Descuentos y tarjetas de regalo</h3>
      <dl className="mt-2 grid gap-3 sm:grid-cols-3" aria-label="Descuentos y tarjetas de regalo">
        <div>
          <dt className="text-sm text-ink-muted">Descuentos</dt>
          <dd className="figures font-medium text-ink-strong">{formatCents(figures.discountsCents)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Tarjetas de regalo vendidas</dt>
          <dd className="figures font-medium text-ink-strong">
            {formatCents(figures.giftCardSalesCents)}{' '}
            <span className="text-sm font-normal text-ink-muted">({formatCount(figures.giftCardSalesCount)})</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Pagado con saldo de regalo</dt>
          <dd className="figures font-medium text-ink-strong">{formatCents(figures.giftBalanceSpentCents)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-ink-muted">
        Los descuentos ya están restados de lo cobrado. Una tarjeta de regalo vendida es dinero recibido, no ingreso por
        planes: se vuelve ingreso cuando su saldo se usa para pagar un plan (“Pagado con saldo de regalo”).
      </p>
    </div>
  );
}

export function RevenueSection({
  revenue,
  byMethod,
  discountsAndGifts,
}: {
  revenue: RevenueDto;
  byMethod?: RevenueByMethodDto;
  discountsAndGifts?: DiscountsAndGiftsDto;
}) {
  return (
    <>
      <RevenueChart months={revenue.months} />
      <AsTable>
        <table className={tableClasses}>
          <caption className="sr-only">Ingresos por mes</caption>
          <thead>
            <tr>
              <th scope="col">Mes</th>
              <th scope="col">Mercado Pago (neto)</th>
              <th scope="col">Pagado en estudio (catálogo)</th>
            </tr>
          </thead>
          <tbody>
            {revenue.months.map((m) => (
              <tr key={m.month} className="figures">
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{formatCents(m.mercadoPagoNetCents)}</td>
                <td>{formatCents(m.adminPaidCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </AsTable>
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <div>
          <h3 className="font-medium text-ink-strong">Mercado Pago por plan</h3>
          <p className="text-xs text-ink-muted">
            Cobrado {formatCents(revenue.mercadoPagoGrossCents)} − reembolsado{' '}
            {formatCents(revenue.mercadoPagoRefundedCents)} = {formatCents(revenue.mercadoPagoNetCents)}
          </p>
          <table className={`${tableClasses} mt-2`}>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Pagos</th>
                <th scope="col">Neto</th>
              </tr>
            </thead>
            <tbody>
              {revenue.mercadoPagoByPlan.map((l) => (
                <tr key={l.planName} className="figures">
                  <th scope="row" className="font-normal">
                    {l.planName}
                  </th>
                  <td>{formatCount(l.count)}</td>
                  <td>{formatCents(l.netCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h3 className="font-medium text-ink-strong">Pagado en estudio por plan</h3>
          <p className="text-xs text-ink-muted">Planes pagados dados por el administrador, a precio de catálogo.</p>
          <table className={`${tableClasses} mt-2`}>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Planes</th>
                <th scope="col">Valor</th>
              </tr>
            </thead>
            <tbody>
              {revenue.adminPaidByPlan.map((l) => (
                <tr key={l.planName} className="figures">
                  <th scope="row" className="font-normal">
                    {l.planName}
                  </th>
                  <td>{formatCount(l.count)}</td>
                  <td>{formatCents(l.grossCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {byMethod ? <RevenueByMethod byMethod={byMethod} /> : null}
      {discountsAndGifts ? <DiscountsAndGifts figures={discountsAndGifts} /> : null}
    </>
  );
}

function SendReminder({ plan }: { plan: EndingPlanDto }) {
  const toast = useToast();
  const send = useSendPlanReminder({
    mutation: {
      onSuccess: (answer) => toast.show(answer.message, 'success'),
    },
  });
  if (plan.reminderSentAt) return <span className="text-sm text-ink-muted">Recordatorio enviado</span>;
  return (
    <div>
      <Button
        size="sm"
        variant="secondary"
        loading={send.isPending}
        onClick={() => send.mutate({ data: { userPlanId: plan.userPlanId } })}
      >
        <Send aria-hidden="true" className="size-4" />
        Enviar recordatorio
      </Button>
      <ErrorMessage error={send.error} className="mt-2" />
    </div>
  );
}

export function EndingPlans({ plans }: { plans: readonly EndingPlanDto[] }) {
  if (plans.length === 0)
    return <p className="text-sm text-ink-muted">Ningún plan con clases termina en los próximos 7 días.</p>;
  return (
    <ul className="divide-y divide-line">
      {plans.map((plan) => (
        <li key={plan.userPlanId} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-ink-strong">{plan.name}</p>
            <p className="text-sm text-ink-muted">
              {plan.planName}:{' '}
              {plan.classesRemaining === 1 ? '1 clase' : `${formatCount(plan.classesRemaining)} clases`} hasta el{' '}
              {shortDate(plan.endDate)}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {plan.whatsappUrl ? (
              <a
                href={plan.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                WhatsApp<span className="sr-only"> a {plan.name}</span>
              </a>
            ) : null}
            <SendReminder plan={plan} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function WaitlistDemand({ rows }: { rows: readonly WaitlistDemandDto[] }) {
  if (rows.length === 0)
    return <p className="text-sm text-ink-muted">Ninguna clase del periodo tuvo lista de espera.</p>;
  return (
    <>
      {/* On a phone one card per class, so that every figure (Siguen esperando too) shows without scrolling. */}
      <ul aria-label="Listas de espera por clase" className="divide-y divide-line sm:hidden">
        {rows.map((r) => (
          <li key={r.classSessionId} className="py-2">
            <p className="font-medium text-ink-strong">
              {shortDate(r.date)} {timeLabel(r.startTime)}
            </p>
            <dl className="mt-1 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 text-sm figures">
              <dt className="text-ink-muted">Lugares</dt>
              <dd className="text-right">{formatCount(r.capacity)}</dd>
              <dt className="text-ink-muted">Se anotaron</dt>
              <dd className="text-right">{formatCount(r.entries)}</dd>
              <dt className="text-ink-muted">Pasaron a la clase</dt>
              <dd className="text-right">{formatCount(r.promoted)}</dd>
              <dt className="text-ink-muted">Siguen esperando</dt>
              <dd className="text-right">{formatCount(r.waiting)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className={tableClasses}>
          <thead>
            <tr>
              <th scope="col">Clase</th>
              <th scope="col">Lugares</th>
              <th scope="col">Se anotaron</th>
              <th scope="col">Pasaron a la clase</th>
              <th scope="col">Siguen esperando</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.classSessionId} className="figures">
                <th scope="row" className="font-normal">
                  {shortDate(r.date)} {timeLabel(r.startTime)}
                </th>
                <td>{formatCount(r.capacity)}</td>
                <td>{formatCount(r.entries)}</td>
                <td>{formatCount(r.promoted)}</td>
                <td>{formatCount(r.waiting)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const EXPORTS = [
  { kind: 'payments', label: 'Pagos' },
  { kind: 'plans', label: 'Planes otorgados' },
  { kind: 'reservations', label: 'Reservas y asistencia' },
  { kind: 'clients', label: 'Clientes' },
  { kind: 'gift-cards', label: 'Tarjetas de regalo' },
] as const;

/** Plain download links: the browser sends the session cookie with the GET. */
/** The period's WhatsApp messages by how far they got; the failed ones went by e-mail. */
export function WhatsAppFigures({ figures }: { figures: WhatsAppFiguresDto }) {
  const rows = [
    { label: 'Enviados', value: figures.sent },
    { label: 'Entregados', value: figures.delivered },
    { label: 'Leídos', value: figures.read },
    { label: 'No entregados (fueron por correo)', value: figures.failed },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-4" aria-label="Mensajes por WhatsApp">
      {rows.map((row) => (
        <div key={row.label}>
          <dt className="text-sm text-ink-muted">{row.label}</dt>
          <dd className="figures font-medium text-ink-strong">{formatCount(row.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The backups' state in one or two lines: a failed drill or off-site attempt in the danger colour
 * (the owner also gets it by mail from the operations-alerts job).
 */
export function BackupStatus({ drill, offsite }: { drill: RestoreDrillDto | null; offsite: OffsiteBackupDto | null }) {
  const offsiteFailing = offsite !== null && (offsite.lastSuccessAt === null || offsite.lastFailureAt !== null);
  return (
    <ul className="space-y-1 text-sm">
      <li data-backup-line="drill" className={drill && !drill.ok ? 'font-medium text-danger' : 'text-ink-strong'}>
        {restoreDrillText(drill)}
      </li>
      <li data-backup-line="offsite" className={offsiteFailing ? 'font-medium text-danger' : 'text-ink-strong'}>
        {offsiteBackupText(offsite)}
      </li>
    </ul>
  );
}

export function Exports({ period }: { period: Period }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {EXPORTS.map((e) => (
        <li key={e.kind}>
          <a
            href={getExportCsvUrl(e.kind, { from: period.from, to: period.to })}
            download
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {e.label} (CSV)
          </a>
        </li>
      ))}
    </ul>
  );
}
