import { ApiProperty } from '@nestjs/swagger';
import { IsDateOnly, IsOnOrAfter, WithinDaysOf, IsRowId } from '../../core/dto/validators';
import { PAYMENT_METHODS, type PaymentMethod } from '../../payments/entities';

/** The longest period the dashboard and the exports answer, in days (a year, leap or not). */
export const MAX_PERIOD_DAYS = 366;
/** No period starts earlier (the studio has no data before it). */
export const EARLIEST_PERIOD_DATE = '2000-01-01';
export const EARLIEST_PERIOD_MESSAGE = 'El periodo no puede empezar antes del 1 de enero de 2000.';
/** Nor ends later than MAX_PERIOD_DAYS after the studio's today (checked by DashboardService, which has the clock). */
export const FUTURE_PERIOD_MESSAGE = `La fecha de término no puede ser más de ${MAX_PERIOD_DAYS} días después de hoy.`;

/** A period of studio dates, both ends included. */
export class PeriodDto {
  @ApiProperty({ example: '2026-11-01', description: 'Primer día (YYYY-MM-DD, fecha del estudio).' })
  @IsDateOnly({ message: 'La fecha de inicio no es válida (AAAA-MM-DD).' })
  from!: string;

  @ApiProperty({ example: '2026-11-30', description: 'Último día, incluido (YYYY-MM-DD).' })
  @WithinDaysOf('from', MAX_PERIOD_DAYS, { message: `El periodo no puede pasar de ${MAX_PERIOD_DAYS} días.` })
  @IsOnOrAfter('from', { message: 'La fecha de término debe ser igual o posterior a la de inicio.' })
  @IsDateOnly({ message: 'La fecha de término no es válida (AAAA-MM-DD).' })
  to!: string;
}

export class SendPlanReminderDto {
  @ApiProperty({ description: 'El plan del cliente (user_plans.id).' })
  @IsRowId('El plan no es válido')
  userPlanId!: number;
}

export class OccupancyCellDto {
  @ApiProperty({ description: 'Día ISO: 1 lunes … 7 domingo.' })
  weekday!: number;
  @ApiProperty({ example: '07:00' })
  startTime!: string;
  @ApiProperty({ description: 'Clases ofrecidas en el periodo (sin las canceladas).' })
  classes!: number;
  @ApiProperty({ description: 'Lugares ofrecidos.' })
  offered!: number;
  @ApiProperty({ description: 'Lugares reservados.' })
  taken!: number;
  @ApiProperty({ description: 'taken / offered, de 0 a 1.' })
  ratio!: number;
}

export class OccupancyDto {
  @ApiProperty({ type: [OccupancyCellDto], description: 'Día × hora, ordenado por día y hora.' })
  cells!: OccupancyCellDto[];
  @ApiProperty({ type: [OccupancyCellDto], description: 'Las 5 más llenas.' })
  fullest!: OccupancyCellDto[];
  @ApiProperty({ type: [OccupancyCellDto], description: 'Las 5 más vacías.' })
  emptiest!: OccupancyCellDto[];
  @ApiProperty()
  offered!: number;
  @ApiProperty()
  taken!: number;
}

export class AttendanceDto {
  @ApiProperty()
  attended!: number;
  @ApiProperty()
  noShow!: number;
  @ApiProperty()
  notMarked!: number;
}

export class MoneyLineDto {
  @ApiProperty({ example: 'Cuatro Clases' })
  planName!: string;
  @ApiProperty()
  count!: number;
  @ApiProperty({ description: 'Centavos.' })
  grossCents!: number;
  @ApiProperty({ description: 'Centavos.' })
  refundedCents!: number;
  @ApiProperty({ description: 'grossCents − refundedCents.' })
  netCents!: number;
}

export class RevenueMonthDto {
  @ApiProperty({ example: '2026-11', description: 'Mes del estudio.' })
  month!: string;
  @ApiProperty({ description: 'Mercado Pago: aprobado menos reembolsos, centavos.' })
  mercadoPagoNetCents!: number;
  @ApiProperty({ description: 'Planes pagados dados por el administrador, a precio de catálogo, centavos.' })
  adminPaidCents!: number;
}

export class RevenueDto {
  @ApiProperty({ type: [RevenueMonthDto] })
  months!: RevenueMonthDto[];
  @ApiProperty({ type: [MoneyLineDto], description: 'Mercado Pago por plan.' })
  mercadoPagoByPlan!: MoneyLineDto[];
  @ApiProperty({ type: [MoneyLineDto], description: 'Planes pagados en el estudio por plan (precio de catálogo).' })
  adminPaidByPlan!: MoneyLineDto[];
  @ApiProperty()
  mercadoPagoGrossCents!: number;
  @ApiProperty()
  mercadoPagoRefundedCents!: number;
  @ApiProperty()
  mercadoPagoNetCents!: number;
  @ApiProperty()
  adminPaidCents!: number;
}

/**
 * Promo code discounts and gift cards in the period, beside `revenue` and `revenueByMethod` (which
 * count money charged for plans). Plan revenue = money charged for plans + `giftBalanceSpentCents`
 * (plans paid with gift balance). A gift card sold is money received but not plan revenue: it is
 * shown apart in `giftCardSalesCents` and becomes plan revenue as its balance is spent on plans.
 */
export class DiscountsAndGiftsDto {
  @ApiProperty({
    description:
      'Descuentos de códigos promocionales en las compras de planes aprobadas del periodo (sin duplicados ni reembolsadas), centavos. Ya descontados de lo cobrado.',
  })
  discountsCents!: number;
  @ApiProperty({
    description:
      'Tarjetas de regalo pagadas en el periodo y no anuladas: su importe (sin comisión), centavos. Dinero recibido, no ingreso por planes hasta que su saldo se gasta.',
  })
  giftCardSalesCents!: number;
  @ApiProperty({ description: 'Cuántas tarjetas de regalo se pagaron en el periodo (no anuladas).' })
  giftCardSalesCount!: number;
  @ApiProperty({
    description:
      'Saldo de regalo gastado en las compras de planes aprobadas del periodo, centavos: ingreso por planes que no se cobró en el periodo (se cobró al vender la tarjeta).',
  })
  giftBalanceSpentCents!: number;
}

/** One way the studio was paid: Mercado Pago, or at the desk (efectivo, transferencia, terminal). */
export class MethodLineDto {
  @ApiProperty({ enum: PAYMENT_METHODS })
  method!: PaymentMethod;
  @ApiProperty({ description: 'Pagos aprobados en el periodo.' })
  count!: number;
  @ApiProperty({ description: 'Cobrado, centavos.' })
  grossCents!: number;
  @ApiProperty({ description: 'Reembolsado, centavos.' })
  refundedCents!: number;
  @ApiProperty({ description: 'grossCents − refundedCents.' })
  netCents!: number;
}

/**
 * The period's payments by how they were paid: Mercado Pago (the same figures as `revenue`'s
 * mercadoPago*) and the desk sales ("Venta en mostrador"), which `revenue` leaves out; gift cards
 * apart (money received, not plan revenue).
 */
export class RevenueByMethodDto {
  @ApiProperty({
    type: [MethodLineDto],
    description: 'Siempre las cuatro formas, en este orden: mercado_pago, efectivo, transferencia, terminal.',
  })
  methods!: MethodLineDto[];
  @ApiProperty({ type: [MoneyLineDto], description: 'Ventas en mostrador por plan.' })
  deskByPlan!: MoneyLineDto[];
  @ApiProperty({ description: 'Ventas en mostrador: cobrado menos reembolsos, centavos.' })
  deskNetCents!: number;
  @ApiProperty({ description: 'Mercado Pago y mostrador: cobrado menos reembolsos, centavos.' })
  totalNetCents!: number;
  @ApiProperty({
    type: [MethodLineDto],
    description:
      'Tarjetas de regalo pagadas en el periodo por forma de pago (las cuatro, en el mismo orden): dinero recibido aparte de los planes. Una tarjeta reembolsada y anulada cuenta como reembolsada.',
  })
  giftCardMethods!: MethodLineDto[];
  @ApiProperty({ description: 'Tarjetas de regalo: cobrado menos reembolsos, centavos (no se suma a totalNetCents).' })
  giftCardNetCents!: number;
}

export class EndingPlanDto {
  @ApiProperty()
  userPlanId!: number;
  @ApiProperty()
  userId!: number;
  @ApiProperty()
  name!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ type: String, nullable: true })
  phone!: string | null;
  @ApiProperty()
  planName!: string;
  @ApiProperty()
  classesRemaining!: number;
  @ApiProperty({ example: '2026-12-12' })
  endDate!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Enlace de WhatsApp con el mensaje listo.' })
  whatsappUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Cuándo salió el aviso de fin de plan (ISO).' })
  reminderSentAt!: string | null;
}

export class ClientsDto {
  @ApiProperty({ description: 'Cuentas de clientes creadas en el periodo.' })
  newClients!: number;
  @ApiProperty({ description: 'Clientes activos con un plan vigente hoy.' })
  activeClients!: number;
  @ApiProperty({ type: [EndingPlanDto] })
  plansEnding!: EndingPlanDto[];
}

export class WhatsAppFiguresDto {
  @ApiProperty({
    example: 42,
    description: 'Mensajes de WhatsApp que Meta aceptó en el periodo (entregados y leídos incluidos).',
  })
  sent!: number;
  @ApiProperty({ example: 40, description: 'De ellos, los que llegaron al teléfono (leídos incluidos).' })
  delivered!: number;
  @ApiProperty({ example: 31, description: 'De ellos, los que se leyeron.' })
  read!: number;
  @ApiProperty({ example: 2, description: 'Mensajes que no se pudieron entregar (fueron por correo).' })
  failed!: number;
}

export class WaitlistDemandDto {
  @ApiProperty()
  classSessionId!: number;
  @ApiProperty()
  date!: string;
  @ApiProperty()
  startTime!: string;
  @ApiProperty()
  capacity!: number;
  @ApiProperty({ description: 'Personas que se anotaron.' })
  entries!: number;
  @ApiProperty({ description: 'Pasaron a la clase.' })
  promoted!: number;
  @ApiProperty({ description: 'Siguen esperando.' })
  waiting!: number;
}

export class RestoreDrillDto {
  @ApiProperty({ example: '2026-12-03T11:05:00.000Z', description: 'Cuándo terminó el último simulacro (ISO).' })
  at!: string;
  @ApiProperty({ description: 'True: la copia se restauró y pasó las revisiones.' })
  ok!: boolean;
  @ApiProperty({
    example: 'copia 1a2b3c4d del 2026-12-03T09:00:00Z: migraciones al día (42); users: 120; …',
    description: 'Una línea: lo revisado, o lo que falló.',
  })
  detail!: string;
}

export class OffsiteBackupDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-12-03T09:10:00.000Z',
    description: 'Cuándo terminó la última copia fuera del servidor (ISO); null: ninguna todavía.',
  })
  lastSuccessAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'El último intento fallido, cuando vino después de la última copia buena (ISO).',
  })
  lastFailureAt!: string | null;
}

export class PastDueMembershipDto {
  @ApiProperty({ description: 'La membresía.' })
  id!: number;
  @ApiProperty({ example: 'Lucía Pérez' })
  clientName!: string;
  @ApiProperty({ example: 'Membresía 3 por semana' })
  planName!: string;
  @ApiProperty({ description: 'ISO 8601: desde cuándo tiene el pago pendiente.' })
  pastDueSince!: string;
  @ApiProperty({ description: 'Pasaron los días de gracia: ya no puede reservar clases nuevas.' })
  blocked!: boolean;
}

export class PastDueMembershipsDto {
  @ApiProperty({ description: 'Membresías con pago pendiente.' })
  count!: number;
  @ApiProperty({ type: [PastDueMembershipDto], description: 'Las 20 más antiguas en deuda primero.' })
  items!: PastDueMembershipDto[];
}

export class OverdueArcoRequestDto {
  @ApiProperty({ description: 'La solicitud.' })
  id!: number;
  @ApiProperty({ example: 'ARCO-2026-0007' })
  folio!: string;
  @ApiProperty({ example: 'Ana López', description: 'Quien la envió.' })
  name!: string;
  @ApiProperty({ example: '2026-12-29', description: 'Fecha del estudio en que venció.' })
  dueDate!: string;
}

export class OverdueArcoRequestsDto {
  @ApiProperty({ description: 'Solicitudes ARCO abiertas con la fecha de respuesta ya pasada.' })
  count!: number;
  @ApiProperty({ type: [OverdueArcoRequestDto], description: 'Las 20 que vencieron primero.' })
  items!: OverdueArcoRequestDto[];
}

export class DashboardResponseDto {
  @ApiProperty({ example: true })
  success!: true;
  @ApiProperty()
  from!: string;
  @ApiProperty()
  to!: string;
  @ApiProperty({ description: 'Hoy en el estudio.' })
  today!: string;
  @ApiProperty({ type: OccupancyDto })
  occupancy!: OccupancyDto;
  @ApiProperty({ type: AttendanceDto })
  attendance!: AttendanceDto;
  @ApiProperty({ type: RevenueDto })
  revenue!: RevenueDto;
  @ApiProperty({ type: RevenueByMethodDto })
  revenueByMethod!: RevenueByMethodDto;
  @ApiProperty({ type: DiscountsAndGiftsDto })
  discountsAndGifts!: DiscountsAndGiftsDto;
  @ApiProperty({ type: ClientsDto })
  clients!: ClientsDto;
  @ApiProperty({ type: [WaitlistDemandDto] })
  waitlist!: WaitlistDemandDto[];
  @ApiProperty({ type: WhatsAppFiguresDto })
  whatsapp!: WhatsAppFiguresDto;
  @ApiProperty({ type: PastDueMembershipsDto, description: 'Membresías con pago pendiente (hoy, no del periodo).' })
  pastDueMemberships!: PastDueMembershipsDto;
  @ApiProperty({ type: OverdueArcoRequestsDto, description: 'Solicitudes ARCO vencidas sin responder (hoy).' })
  arcoOverdue!: OverdueArcoRequestsDto;
  @ApiProperty({ description: 'Solicitudes ARCO abiertas (recibidas o en proceso).' })
  arcoOpen!: number;
  @ApiProperty({
    type: RestoreDrillDto,
    nullable: true,
    description: 'El último simulacro de restauración (npm run backup:drill o el servicio backup); null: ninguno aún.',
  })
  restoreDrill!: RestoreDrillDto | null;
  @ApiProperty({
    type: OffsiteBackupDto,
    nullable: true,
    description: 'Las copias fuera del servidor (restic); null: no configuradas o ninguna intentada.',
  })
  offsiteBackup!: OffsiteBackupDto | null;
}

export class SendPlanReminderResponseDto {
  @ApiProperty({ example: true })
  success!: true;
  @ApiProperty({ description: 'False cuando el aviso de este plan ya había salido.' })
  sent!: boolean;
  @ApiProperty()
  sentAt!: string;
  @ApiProperty()
  message!: string;
}
