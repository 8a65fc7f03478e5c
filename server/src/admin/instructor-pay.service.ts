import { Injectable } from '@nestjs/common';
import { addDays, addMonths, to12Hour } from '@pilates/dates';
import type { Caller } from '../core/auth/caller';
import { isInstructorRole } from '../core/auth/permissions';
import { StudioClock } from '../core/clock/studio-clock';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { InstructorsService } from '../instructors';
import type { Instructor } from '../instructors/entities';
import { toCsv, type CsvValue } from './csv';
import {
  EARLIEST_MONTH_MESSAGE,
  EARLIEST_PAY_MONTH,
  FUTURE_MONTH_MESSAGE,
  type InstructorPayDto,
  type InstructorPayReportResponseDto,
  type MyPayResponseDto,
  type PaidClassDto,
  type PayRateDto,
} from './dto/instructor-pay.dto';
import { type PayClassRow, InstructorPayRepository } from './instructor-pay.repository';

/** What one class pays: the class, plus each attendee above the threshold. */
export const classPayCents = (rate: PayRateDto, attendees: number): number =>
  rate.perClassCents + rate.perAttendeeCents * Math.max(0, attendees - rate.attendeeThreshold);

/** '2026-11-05' → '05/11/2026', as the other exports. */
const esDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
/** Centavos as pesos with two decimals: 15050 → '150.50'. */
const pesos = (cents: number): string => (cents / 100).toFixed(2);

const rateOf = (source: Pick<Instructor, 'payPerClassCents' | 'payPerAttendeeCents' | 'payAttendeeThreshold'>) => ({
  perClassCents: source.payPerClassCents,
  perAttendeeCents: source.payPerAttendeeCents,
  attendeeThreshold: source.payAttendeeThreshold,
});

const CSV_HEADER = ['Instructor', 'Fecha', 'Hora', 'Clase', 'Asistentes', 'Asistencia', 'Monto (MXN)'];

/**
 * "Pago a instructores": what each instructor earned in a studio month, at their current rate.
 *
 * - A class counts for whoever taught it: class_sessions.instructor_id on that date (a substitute's
 *   date names the substitute).
 * - Only classes that have started by now count; a month still running shows what has happened.
 * - Attendees are those marked "asistió". A class where nobody was marked (attendance never taken)
 *   counts its active reservations instead, walk-ins included, and says so (attendanceTaken false).
 * - A class the studio cancelled is listed with 0 attendees and 0 pay.
 * - A class with no active reservation (nobody booked, or all cancelled) was not held: not listed.
 * - The rate is the profile's current one (no history): changing it changes past months' reports.
 */
@Injectable()
export class InstructorPayService {
  constructor(
    private readonly repository: InstructorPayRepository,
    private readonly instructors: InstructorsService,
    private readonly clock: StudioClock,
  ) {}

  /** Every instructor with a class in the month, by name, and the grand total. */
  async report(month: string): Promise<Omit<InstructorPayReportResponseDto, 'success'>> {
    const { from, to } = this.monthBounds(month);
    const byInstructor = new Map<number, InstructorPayDto>();
    for (const row of await this.repository.classesBetween(from, to)) {
      if (!this.clock.hasStarted(row.date, row.startTime)) continue;
      let pay = byInstructor.get(row.instructorId);
      if (!pay) {
        pay = emptyPay(row.instructorId, row.instructorName, {
          perClassCents: row.perClassCents,
          perAttendeeCents: row.perAttendeeCents,
          attendeeThreshold: row.attendeeThreshold,
        });
        byInstructor.set(row.instructorId, pay);
      }
      addClass(pay, row);
    }
    const instructors = [...byInstructor.values()]
      .filter((pay) => pay.classes.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name, 'es-MX') || a.instructorId - b.instructorId);
    return { month, instructors, totalCents: instructors.reduce((sum, pay) => sum + pay.totalCents, 0) };
  }

  /** The caller's own month: an instructor's account linked to a profile only (403 otherwise). */
  async mine(caller: Caller, month: string): Promise<Omit<MyPayResponseDto, 'success'>> {
    const profile = isInstructorRole(caller.role) ? await this.instructors.profileOfAccount(caller.id) : null;
    if (!profile) throw new ApiError(ErrorCode.FORBIDDEN, 'Solo un instructor con perfil en el estudio ve su pago.');
    const { from, to } = this.monthBounds(month);
    const report = emptyPay(profile.id, profile.name, rateOf(profile));
    for (const row of await this.repository.classesBetween(from, to, profile.id)) {
      if (this.clock.hasStarted(row.date, row.startTime)) addClass(report, row);
    }
    return { month, report };
  }

  /** The month's report as a CSV file: each class, each instructor's total, the grand total. */
  async exportCsv(month: string): Promise<{ filename: string; body: string }> {
    const { instructors, totalCents } = await this.report(month);
    const rows: CsvValue[][] = [];
    for (const pay of instructors) {
      for (const paid of pay.classes) {
        rows.push([
          pay.name,
          esDate(paid.date),
          paid.time,
          paid.status === 'cancelled' ? 'Cancelada' : paid.substitute ? 'Suplencia' : 'Impartida',
          paid.attendees,
          paid.status === 'cancelled' ? '' : paid.attendanceTaken ? 'Tomada' : 'Sin tomar: reservas',
          pesos(paid.amountCents),
        ]);
      }
      rows.push([
        pay.name,
        '',
        '',
        `Total: ${classesText(pay.classesTaught)}`,
        pay.attendees,
        '',
        pesos(pay.totalCents),
      ]);
    }
    const taught = instructors.reduce((sum, pay) => sum + pay.classesTaught, 0);
    const attendees = instructors.reduce((sum, pay) => sum + pay.attendees, 0);
    rows.push(['Total general', '', '', classesText(taught), attendees, '', pesos(totalCents)]);
    return { filename: `pago-instructores-${month}.csv`, body: toCsv(CSV_HEADER, rows) };
  }

  /** The month's first and last studio dates; 400 before EARLIEST_PAY_MONTH or after this month. */
  private monthBounds(month: string): { from: string; to: string } {
    if (month < EARLIEST_PAY_MONTH) throw new ApiError(ErrorCode.VALIDATION_ERROR, { month: [EARLIEST_MONTH_MESSAGE] });
    if (month > this.clock.today().slice(0, 7)) {
      throw new ApiError(ErrorCode.VALIDATION_ERROR, { month: [FUTURE_MONTH_MESSAGE] });
    }
    const from = `${month}-01`;
    return { from, to: addDays(addMonths(from, 1), -1) };
  }
}

const classesText = (count: number): string => (count === 1 ? '1 clase' : `${count} clases`);

const emptyPay = (instructorId: number, name: string, rate: PayRateDto): InstructorPayDto => ({
  instructorId,
  name,
  rate,
  classes: [],
  classesTaught: 0,
  attendees: 0,
  totalCents: 0,
});

/** Adds one class row to an instructor's month (rows with no active reservation were not held). */
function addClass(pay: InstructorPayDto, row: PayClassRow): void {
  if (!row.cancelled && row.booked === 0) return;
  const attendanceTaken = !row.cancelled && row.marked > 0;
  const attendees = row.cancelled ? 0 : attendanceTaken ? row.came : row.booked;
  const amountCents = row.cancelled ? 0 : classPayCents(pay.rate, attendees);
  const paid: PaidClassDto = {
    classId: row.classId,
    date: row.date,
    startTime: row.startTime,
    time: to12Hour(row.startTime),
    status: row.cancelled ? 'cancelled' : 'held',
    substitute: row.substitute,
    attendees,
    attendanceTaken,
    amountCents,
  };
  pay.classes.push(paid);
  if (!row.cancelled) pay.classesTaught++;
  pay.attendees += attendees;
  pay.totalCents += amountCents;
}
