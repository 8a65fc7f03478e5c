import { Injectable } from '@nestjs/common';
import { StudioSettingsService } from '../core/settings/studio-settings.service';
import { bookingBlockedFrom } from '../reservations';
import { addDays, isoWeekday, to12Hour } from '@pilates/dates';
import { Readable } from 'node:stream';
import { StudioClock } from '../core/clock/studio-clock';
import { AppConfig } from '../core/config/app-config';
import { toDate } from '../core/database/column-types';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { PLAN_ENDING_DAYS } from '../planes';
import { csvHead, csvLines } from './csv';
import {
  type ClientBookings,
  type ExportRow,
  DashboardRepository,
  type MoneyRow,
  type PeriodBounds,
} from './dashboard.repository';
import { toEndingPlanDto } from './dto/dashboard.mappers';
import {
  EARLIEST_PERIOD_DATE,
  EARLIEST_PERIOD_MESSAGE,
  FUTURE_PERIOD_MESSAGE,
  MAX_PERIOD_DAYS,
  type DashboardResponseDto,
  type MoneyLineDto,
  type OccupancyCellDto,
  type OccupancyDto,
  type PeriodDto,
  type RevenueByMethodDto,
  type RevenueDto,
} from './dto/dashboard.dto';
import { PAYMENT_METHODS } from '../payments/entities';
import { readDrillStatus, readOffsiteStatus } from '../operations';
import { ArcoService } from '../arco';

export const EXPORT_KINDS = ['payments', 'plans', 'reservations', 'clients', 'gift-cards'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A CSV file to download, written as it is read. */
export interface CsvFile {
  filename: string;
  body: Readable;
}

/** An export reads the period this many days at a time: its memory is a week's rows, whatever the period. */
const EXPORT_WINDOW_DAYS = 7;
/** The clients export reads this many clients at a time. */
const EXPORT_CLIENTS_BATCH = 500;

/** 'YYYY-MM-DD HH:MM:SS' in UTC: how both drivers compare a DATETIME column. */
const utcDatetime = (instant: Date): string => instant.toISOString().slice(0, 19).replace('T', ' ');
/** '2026-11-05' → '05/11/2026'. */
const esDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const dateText = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
const pesos = (cents: unknown): number => Math.round(Number(cents ?? 0)) / 100;
const yesNo = (value: unknown): string => (Number(value) === 1 || value === true ? 'Sí' : 'No');

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  approved: 'Aprobado',
  refunded: 'Reembolsado',
  charged_back: 'Contracargo',
};
/** How a payment was paid, as the exports and the dashboard name it. */
const METHOD_LABELS: Record<string, string> = {
  mercado_pago: 'Mercado Pago',
  efectivo: 'Efectivo',
  transferencia: 'Transferencia',
  terminal: 'Tarjeta en terminal',
};
const PAYMENT_ISSUE_LABELS: Record<string, string> = {
  amount_mismatch: 'Monto distinto al de la compra',
  currency_mismatch: 'Moneda distinta',
  duplicate: 'Pago duplicado (a reembolsar)',
};

/** The owner's dashboard and exports: periods in studio time, figures from DashboardRepository. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly repository: DashboardRepository,
    private readonly clock: StudioClock,
    private readonly config: AppConfig,
    private readonly settings: StudioSettingsService,
    private readonly arco: ArcoService,
  ) {}

  /**
   * The period's studio dates and the UTC instants of its studio midnights. Refuses (400) a period
   * that starts before EARLIEST_PERIOD_DATE or ends more than MAX_PERIOD_DAYS after today: nothing
   * is recorded there, and such dates broke the date arithmetic (9999-12-31 answered 500).
   */
  bounds(period: PeriodDto): PeriodBounds {
    if (period.from < EARLIEST_PERIOD_DATE) {
      throw new ApiError(ErrorCode.VALIDATION_ERROR, { from: [EARLIEST_PERIOD_MESSAGE] });
    }
    if (period.to > addDays(this.clock.today(), MAX_PERIOD_DAYS)) {
      throw new ApiError(ErrorCode.VALIDATION_ERROR, { to: [FUTURE_PERIOD_MESSAGE] });
    }
    return {
      from: period.from,
      to: period.to,
      fromUtc: utcDatetime(this.clock.startOf(period.from, '00:00')),
      toUtc: utcDatetime(this.clock.startOf(addDays(period.to, 1), '00:00')),
    };
  }

  /** The studio months the period touches ('YYYY-MM'), and the UTC instants where the 2nd, 3rd… begin. */
  private months(period: PeriodDto): { keys: string[]; starts: string[] } {
    const keys = [period.from.slice(0, 7)];
    const starts: string[] = [];
    for (let month = nextMonth(period.from); month <= period.to; month = nextMonth(month)) {
      keys.push(month.slice(0, 7));
      starts.push(utcDatetime(this.clock.startOf(month, '00:00')));
    }
    return { keys, starts };
  }

  /** Past-due memberships, each blocked once its failed charge is older than the grace days (the owner's setting). */
  private async pastDueOf(
    pastDue: Awaited<ReturnType<DashboardRepository['pastDueMemberships']>>,
    now: Date,
  ): Promise<DashboardResponseDto['pastDueMemberships']> {
    const { membershipGraceDays } = await this.settings.current();
    return {
      count: pastDue.count,
      items: pastDue.items.map((item) => ({
        id: item.id,
        clientName: item.clientName,
        planName: item.planName,
        pastDueSince: item.pastDueSince.toISOString(),
        blocked: now.getTime() >= bookingBlockedFrom(item, membershipGraceDays)!.getTime(),
      })),
    };
  }

  async figures(period: PeriodDto): Promise<Omit<DashboardResponseDto, 'success'>> {
    const now = this.clock.now();
    const today = this.clock.today(now);
    const bounds = this.bounds(period);
    const months = this.months(period);
    const [
      occupancy,
      timetable,
      attendance,
      paid,
      admin,
      newClients,
      activeClients,
      ending,
      waitlist,
      plans,
      gifts,
      giftMoney,
      whatsapp,
      pastDue,
      arco,
    ] = await Promise.all([
      this.repository.occupancy(bounds),
      this.repository.activeTimetable(),
      this.repository.attendance(bounds, today, this.clock.timeOfDay(now)),
      this.repository.paymentsRevenue(bounds, months.starts),
      this.repository.adminPaidPlans(bounds, months.starts),
      this.repository.newClients(bounds),
      this.repository.activeClients(today),
      this.repository.plansEnding(today, addDays(today, PLAN_ENDING_DAYS)),
      this.repository.waitlistDemand(bounds),
      this.repository.planDiscountsAndBalance(bounds),
      this.repository.giftCardSales(bounds),
      this.repository.giftCardsByMethod(bounds),
      this.repository.whatsappMessages(bounds),
      this.repository.pastDueMemberships(),
      this.arco.dashboardFigures(),
    ]);
    return {
      from: period.from,
      to: period.to,
      today,
      occupancy: this.occupancyOf(period, occupancy, timetable),
      attendance,
      // `revenue` keeps to Mercado Pago and plans given as paid; the desk's sales are in revenueByMethod.
      revenue: revenueOf(
        months.keys,
        paid.filter((row) => row.method === 'mercado_pago'),
        admin,
      ),
      revenueByMethod: revenueByMethodOf(paid, giftMoney),
      discountsAndGifts: {
        discountsCents: plans.discountsCents,
        giftCardSalesCents: gifts.amountCents,
        giftCardSalesCount: gifts.count,
        giftBalanceSpentCents: plans.balanceSpentCents,
      },
      clients: { newClients, activeClients, plansEnding: ending.map(toEndingPlanDto) },
      waitlist,
      whatsapp: whatsappFiguresOf(whatsapp),
      pastDueMemberships: await this.pastDueOf(pastDue, now),
      ...arco,
      ...this.backups(),
    };
  }

  /**
   * What the off-site backup and the restore drill last did: they run outside the app (the compose
   * `backup` service, npm scripts) and leave a status file each in DATA_DIR; read on each request.
   */
  private backups(): Pick<DashboardResponseDto, 'restoreDrill' | 'offsiteBackup'> {
    const drill = readDrillStatus(this.config.dataDir);
    const offsite = readOffsiteStatus(this.config.dataDir);
    const tried = offsite.lastSuccessAt !== null || offsite.lastFailureAt !== null;
    return {
      restoreDrill: drill && { at: drill.at.toISOString(), ok: drill.ok, detail: drill.detail },
      offsiteBackup: tried
        ? {
            lastSuccessAt: offsite.lastSuccessAt?.toISOString() ?? null,
            lastFailureAt: offsite.lastFailureAt?.toISOString() ?? null,
          }
        : null,
    };
  }

  /**
   * Places offered and taken per weekday × time. A class exists as a session once booked or
   * cancelled; the timetable's other dates are offered too (with nothing taken), from the day the
   * timetable class was created. Cancelled classes offer nothing.
   */
  private occupancyOf(
    period: PeriodDto,
    sessions: Awaited<ReturnType<DashboardRepository['occupancy']>>,
    timetable: Awaited<ReturnType<DashboardRepository['activeTimetable']>>,
  ): OccupancyDto {
    const cells = new Map<string, OccupancyCellDto>();
    const cell = (weekday: number, startTime: string): OccupancyCellDto => {
      const key = `${weekday} ${startTime}`;
      let found = cells.get(key);
      if (!found) {
        found = { weekday, startTime, classes: 0, offered: 0, taken: 0, ratio: 0 };
        cells.set(key, found);
      }
      return found;
    };
    const sessionsOfSchedule = new Map<number, number>();
    for (const row of sessions) {
      sessionsOfSchedule.set(row.scheduleId, (sessionsOfSchedule.get(row.scheduleId) ?? 0) + row.classes);
      if (row.status !== 'scheduled') continue;
      const target = cell(row.weekday, row.startTime);
      target.classes += row.classes;
      target.offered += row.capacity;
      target.taken += row.taken;
    }
    for (const slot of timetable) {
      const createdOn = this.clock.today(toDate(slot.createdAt));
      const first = createdOn > period.from ? createdOn : period.from;
      const dates = datesOnWeekday(first, period.to, slot.weekday);
      const withoutSession = dates - (sessionsOfSchedule.get(slot.id) ?? 0);
      if (withoutSession <= 0) continue;
      const target = cell(slot.weekday, slot.startTime);
      target.classes += withoutSession;
      target.offered += withoutSession * slot.capacity;
    }
    const list = [...cells.values()]
      .filter((c) => c.classes > 0)
      .map((c) => ({ ...c, ratio: c.offered > 0 ? round4(c.taken / c.offered) : 0 }))
      .sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
    const ranked = list.filter((c) => c.offered > 0);
    const byRatio = (a: OccupancyCellDto, b: OccupancyCellDto) =>
      a.ratio - b.ratio || a.weekday - b.weekday || a.startTime.localeCompare(b.startTime);
    return {
      cells: list,
      fullest: [...ranked].sort((a, b) => byRatio(b, a)).slice(0, 5),
      emptiest: [...ranked].sort(byRatio).slice(0, 5),
      offered: list.reduce((sum, c) => sum + c.offered, 0),
      taken: list.reduce((sum, c) => sum + c.taken, 0),
    };
  }

  /**
   * The file streams: a week of the period (or 500 clients) is read, written and let go before the
   * next, so a year's export holds what a week's does. The first part is read before the answer
   * starts, so a database that fails there fails the request instead of cutting the file.
   */
  async exportCsv(kind: ExportKind, period: PeriodDto): Promise<CsvFile> {
    const filename = `${EXPORT_FILE_NAMES[kind]}-${period.from}-a-${period.to}.csv`;
    const parts = this.csvParts(kind, period);
    const first = await parts.next();
    async function* all(): AsyncGenerator<string> {
      if (!first.done) yield first.value;
      yield* parts;
    }
    return { filename, body: Readable.from(all(), { objectMode: false }) };
  }

  /** The file's text in parts: BOM and header with the first batch, then a batch at a time. */
  private async *csvParts(kind: ExportKind, period: PeriodDto): AsyncGenerator<string> {
    const instant = (value: unknown): string => {
      if (value === null || value === undefined) return '';
      const at = toDate(value as Date | string);
      return `${esDate(this.clock.today(at))} ${this.clock.timeOfDay(at)}`;
    };
    if (kind === 'clients') {
      yield* this.clientParts(period, instant);
      return;
    }
    const [header, read, line] = {
      payments: [PAYMENT_HEADER, (w: PeriodBounds) => this.repository.exportPayments(w), paymentLine(instant)],
      plans: [PLAN_HEADER, (w: PeriodBounds) => this.repository.exportPlansGiven(w), planLine(instant)],
      reservations: [RESERVATION_HEADER, (w: PeriodBounds) => this.repository.exportReservations(w), reservationLine],
      'gift-cards': [GIFT_CARD_HEADER, (w: PeriodBounds) => this.repository.exportGiftCards(w), giftCardLine(instant)],
    }[kind] as [readonly string[], (window: PeriodBounds) => Promise<ExportRow[]>, (row: ExportRow) => ExportLine];
    let head = csvHead(header);
    // Each export is ordered by its date first, so the weeks' rows one after another are the period's in order.
    for (const window of this.windows(period)) {
      const text = head + csvLines((await read(window)).map(line));
      head = '';
      if (text.length > 0) yield text;
    }
    if (head) yield head;
  }

  private async *clientParts(period: PeriodDto, instant: (value: unknown) => string): AsyncGenerator<string> {
    const bounds = this.bounds(period);
    const bookings = await this.repository.bookingsByClient(bounds);
    const none: ClientBookings = { booked: 0, attended: 0, noShow: 0 };
    let head = csvHead(CLIENT_HEADER);
    let after: { name: string; id: number } | null = null;
    for (;;) {
      const rows = await this.repository.clientsForExport(bounds.toUtc, after, EXPORT_CLIENTS_BATCH);
      const lines = rows.map((row) => clientLine(instant)(row, bookings.get(Number(row.id)) ?? none));
      yield head + csvLines(lines);
      head = '';
      if (rows.length < EXPORT_CLIENTS_BATCH) return;
      const last = rows[rows.length - 1];
      after = { name: String(last.name), id: Number(last.id) };
    }
  }

  /** The period in weeks (the last one shorter), each with its UTC bounds. */
  private windows(period: PeriodDto): PeriodBounds[] {
    const windows: PeriodBounds[] = [];
    for (let from = period.from; from <= period.to; from = addDays(from, EXPORT_WINDOW_DAYS)) {
      const last = addDays(from, EXPORT_WINDOW_DAYS - 1);
      windows.push(this.bounds({ from, to: last < period.to ? last : period.to }));
    }
    return windows;
  }
}

/** One line of an export, cell by cell. */
type ExportLine = Array<string | number>;

const EXPORT_FILE_NAMES: Record<ExportKind, string> = {
  payments: 'pagos',
  plans: 'planes-otorgados',
  reservations: 'reservas',
  clients: 'clientes',
  'gift-cards': 'tarjetas-de-regalo',
};

/**
 * A purchase's promo code, its discount and the gift balance it used: empty for a plan given without
 * a purchase; the balance part is what the purchase took from the balance (its status aside).
 */
const promoAndBalanceCells = (r: ExportRow): ExportLine =>
  r.discountCents === null || r.discountCents === undefined
    ? ['', '', '']
    : [(r.promoCode as string | null) ?? '', pesos(r.discountCents), pesos(r.balanceCents)];

const PAYMENT_HEADER = [
  'Folio',
  'Fecha de aprobación',
  'Cliente',
  'Correo',
  'Plan',
  'Estado',
  'Cobrado (MXN)',
  'Reembolsado (MXN)',
  'Neto (MXN)',
  'Pago de Mercado Pago',
  'Referencia',
  'Duplicado del folio',
  'Observación',
  'Forma de pago',
  'Recibido en mostrador (MXN)',
  'Código',
  'Descuento (MXN)',
  'Saldo de regalo (MXN)',
];
const paymentLine = (instant: (v: unknown) => string) => (r: ExportRow) => [
  Number(r.id),
  instant(r.approvedAt),
  String(r.name),
  String(r.email),
  String(r.planName),
  PAYMENT_STATUS_LABELS[String(r.status)] ?? String(r.status),
  pesos(r.grossCents),
  pesos(r.refundedCents),
  pesos(Number(r.grossCents) - Number(r.refundedCents)),
  (r.providerPaymentId as string | null) ?? '',
  (r.reference as string | null) ?? '',
  r.duplicateOf === null || r.duplicateOf === undefined ? '' : Number(r.duplicateOf),
  r.issue ? (PAYMENT_ISSUE_LABELS[String(r.issue)] ?? String(r.issue)) : '',
  METHOD_LABELS[String(r.method)] ?? String(r.method),
  r.receivedCents === null || r.receivedCents === undefined ? '' : pesos(r.receivedCents),
  ...promoAndBalanceCells(r),
];

/** A gift card's state, as "Tarjetas de regalo" shows it. */
const GIFT_CARD_STATUS_LABELS: Record<string, string> = {
  paid: 'Por enviar',
  sent: 'Enviada',
  redeemed: 'Canjeada',
  voided: 'Anulada',
};

/** Gift cards are money received, not plan revenue: their own export, apart from payments. */
const GIFT_CARD_HEADER = [
  'Folio',
  'Fecha de pago',
  'Comprador',
  'Correo',
  'Para',
  'Correo de quien la recibe',
  'Entrega',
  'Estado',
  'Monto de la tarjeta (MXN)',
  'Cobrado (MXN)',
  'Reembolsado (MXN)',
  'Forma de pago',
  'Recibido en mostrador (MXN)',
  'Pago de Mercado Pago',
  'Canjeada por',
  'Fecha de canje',
];
const giftCardLine = (instant: (v: unknown) => string) => (r: ExportRow) => [
  Number(r.id),
  instant(r.approvedAt),
  String(r.name),
  String(r.email),
  String(r.recipientName),
  String(r.recipientEmail),
  esDate(dateText(r.deliverOn)),
  GIFT_CARD_STATUS_LABELS[String(r.status)] ?? String(r.status),
  pesos(r.amountCents),
  pesos(r.grossCents),
  // A voided card's payment was refunded in full (Mercado Pago's panel or the desk).
  pesos(r.status === 'voided' ? Math.max(Number(r.refundedCents), Number(r.grossCents)) : r.refundedCents),
  METHOD_LABELS[String(r.method)] ?? String(r.method),
  r.receivedCents === null || r.receivedCents === undefined ? '' : pesos(r.receivedCents),
  (r.providerPaymentId as string | null) ?? '',
  (r.redeemerName as string | null) ?? '',
  instant(r.redeemedAt),
];

const PLAN_HEADER = [
  'Folio',
  'Fecha',
  'Cliente',
  'Correo',
  'Plan',
  'Origen',
  'Pagado',
  'Clases',
  'Clases restantes',
  'Inicio',
  'Fin',
  'Revocado',
  'Precio de catálogo (MXN)',
  'Forma de pago',
  'Código',
  'Descuento (MXN)',
  'Saldo de regalo (MXN)',
];
const planLine = (instant: (v: unknown) => string) => (r: ExportRow) => [
  Number(r.id),
  instant(r.createdAt),
  String(r.name),
  String(r.email),
  String(r.planName),
  r.source !== 'payment'
    ? 'Administración'
    : r.method && r.method !== 'mercado_pago'
      ? 'Venta en mostrador'
      : 'Mercado Pago',
  yesNo(r.isPaid),
  Number(r.classesTotal),
  Number(r.classesRemaining),
  esDate(dateText(r.startDate)),
  esDate(dateText(r.endDate)),
  r.revokedAt ? instant(r.revokedAt) : 'No',
  r.priceCents === null || r.priceCents === undefined ? '' : pesos(r.priceCents),
  r.method ? (METHOD_LABELS[String(r.method)] ?? String(r.method)) : '',
  ...promoAndBalanceCells(r),
];

const RESERVATION_HEADER = ['Folio', 'Fecha de la clase', 'Hora', 'Cliente', 'Correo', 'Estado', 'Asistencia', 'Plan'];
const attendanceLabel = (value: unknown): string =>
  value === null || value === undefined
    ? 'Sin marcar'
    : Number(value) === 1 || value === true
      ? 'Asistió'
      : 'No asistió';
const reservationLine = (r: ExportRow) => [
  Number(r.id),
  esDate(dateText(r.date)),
  to12Hour(String(r.startTime)),
  String(r.name),
  String(r.email),
  r.classStatus === 'cancelled' ? 'Clase cancelada' : r.status === 'active' ? 'Activa' : 'Cancelada',
  r.status === 'active' && r.classStatus !== 'cancelled' ? attendanceLabel(r.attended) : '',
  (r.planName as string | null) ?? 'Pagado en estudio',
];

const CLIENT_HEADER = [
  'Folio',
  'Nombre',
  'Correo',
  'Teléfono',
  'Fecha de nacimiento',
  'Alta',
  'Activo',
  'Clases reservadas en el periodo',
  'Asistencias',
  'Faltas',
];
const clientLine = (instant: (v: unknown) => string) => (r: ExportRow, bookings: ClientBookings) => [
  Number(r.id),
  String(r.name),
  String(r.email),
  (r.phone as string | null) ?? '',
  esDate(dateText(r.birthDate)),
  instant(r.createdAt),
  yesNo(r.active),
  bookings.booked,
  bookings.attended,
  bookings.noShow,
];

/** The first day of the month after `date`'s. */
function nextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** Each state counts the messages that reached it: a read message was sent and delivered too. */
function whatsappFiguresOf(rows: { status: string; n: number }[]): DashboardResponseDto['whatsapp'] {
  const count = (...statuses: string[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
  return {
    sent: count('accepted', 'sent', 'delivered', 'read'),
    delivered: count('delivered', 'read'),
    read: count('read'),
    failed: count('failed'),
  };
}

/** How many dates from `first` to `last` (included) fall on ISO `weekday`. */
function datesOnWeekday(first: string, last: string, weekday: number): number {
  if (first > last) return 0;
  const offset = (weekday - isoWeekday(first) + 7) % 7;
  const firstMatch = addDays(first, offset);
  if (firstMatch > last) return 0;
  const span = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${firstMatch}T00:00:00Z`)) / 86_400_000;
  return Math.floor(span / 7) + 1;
}

const round4 = (n: number): number => Math.round(n * 10_000) / 10_000;

function moneyLines(rows: MoneyRow[]): MoneyLineDto[] {
  const byPlan = new Map<string, MoneyLineDto>();
  for (const row of rows) {
    const line = byPlan.get(row.planName) ?? {
      planName: row.planName,
      count: 0,
      grossCents: 0,
      refundedCents: 0,
      netCents: 0,
    };
    line.count += row.count;
    line.grossCents += row.grossCents;
    line.refundedCents += row.refundedCents;
    line.netCents = line.grossCents - line.refundedCents;
    byPlan.set(row.planName, line);
  }
  return [...byPlan.values()].sort((a, b) => b.netCents - a.netCents || a.planName.localeCompare(b.planName));
}

function revenueOf(monthKeys: string[], mp: MoneyRow[], admin: MoneyRow[]): RevenueDto {
  const months = monthKeys.map((month) => ({ month, mercadoPagoNetCents: 0, adminPaidCents: 0 }));
  for (const row of mp) months[row.bucket].mercadoPagoNetCents += row.grossCents - row.refundedCents;
  for (const row of admin) months[row.bucket].adminPaidCents += row.grossCents;
  const mercadoPagoByPlan = moneyLines(mp);
  const adminPaidByPlan = moneyLines(admin);
  const sum = (lines: MoneyLineDto[], key: 'grossCents' | 'refundedCents' | 'netCents') =>
    lines.reduce((total, line) => total + line[key], 0);
  return {
    months,
    mercadoPagoByPlan,
    adminPaidByPlan,
    mercadoPagoGrossCents: sum(mercadoPagoByPlan, 'grossCents'),
    mercadoPagoRefundedCents: sum(mercadoPagoByPlan, 'refundedCents'),
    mercadoPagoNetCents: sum(mercadoPagoByPlan, 'netCents'),
    adminPaidCents: sum(adminPaidByPlan, 'grossCents'),
  };
}

/** The period's payments by method, every method listed (zero when none), and the desk's by plan. */
function revenueByMethodOf(
  paid: MoneyRow[],
  giftMoney: { method: string; count: number; grossCents: number; refundedCents: number }[],
): RevenueByMethodDto {
  const byMethod = (rows: { method?: string; count: number; grossCents: number; refundedCents: number }[]) =>
    PAYMENT_METHODS.map((method) => {
      const lines = rows.filter((row) => row.method === method);
      const grossCents = lines.reduce((sum, row) => sum + row.grossCents, 0);
      const refundedCents = lines.reduce((sum, row) => sum + row.refundedCents, 0);
      const count = lines.reduce((sum, row) => sum + row.count, 0);
      return { method, count, grossCents, refundedCents, netCents: grossCents - refundedCents };
    });
  const methods = byMethod(paid);
  // Gift cards are money received, not plan revenue: their own lines, never added to the plans'.
  const giftCardMethods = byMethod(giftMoney);
  const deskByPlan = moneyLines(paid.filter((row) => row.method !== 'mercado_pago'));
  const deskNetCents = deskByPlan.reduce((sum, line) => sum + line.netCents, 0);
  return {
    methods,
    deskByPlan,
    deskNetCents,
    totalNetCents: methods.reduce((sum, line) => sum + line.netCents, 0),
    giftCardMethods,
    giftCardNetCents: giftCardMethods.reduce((sum, line) => sum + line.netCents, 0),
  };
}
