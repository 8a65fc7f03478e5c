import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../core/auth/caller';
import {
  CurrentUser,
  OptionalUser,
  PublicWithOptionalSession,
  RequirePermission,
  RequirePermissionOrTeaching,
} from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { toSpotRefDto } from '../sala';
import {
  BookingResponseDto,
  CancelResponseDto,
  ChangeSpotDto,
  ChangeSpotResponseDto,
  MarkAttendanceDto,
  MarkAttendanceResponseDto,
  PushReservationDto,
  ReleaseSpotResponseDto,
  ReservationIdDto,
} from './dto/booking.dto';
import { DateRequestDto, RosterResponseDto, SlotsResponseDto } from './dto/slots.dto';
import { BOOKED_MESSAGE, BookingService } from './booking.service';
import {
  JoinWaitlistDto,
  JoinWaitlistResponseDto,
  PromoteWaitlistResponseDto,
  WaitlistActionResponseDto,
  WaitlistIdDto,
} from './dto/waitlist.dto';
import { WaitlistService } from './waitlist.service';
import { AttendanceService } from './attendance.service';

/** "Eres el 2.º en la lista." */
export const positionWords = (position: number): string => `Eres el ${position}.º en la lista.`;

@ApiTags('reservations')
@Controller('reservations')
export class ReservationsController {
  constructor(
    private readonly booking: BookingService,
    private readonly waitlist: WaitlistService,
    private readonly attendance: AttendanceService,
  ) {}

  @PublicWithOptionalSession()
  @Post('get-information')
  @HttpCode(200)
  @ApiOkResponse({ type: SlotsResponseDto, description: 'Las clases de la fecha, por hora.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getInformation(@OptionalUser() caller: Caller | null, @Body() dto: DateRequestDto): Promise<SlotsResponseDto> {
    const { slots, block } = await this.booking.slotsFor(dto.date, caller);
    return { success: true, date: dto.date, data: slots, ...(block ? { bloqueo: block } : {}) };
  }

  @Post('push-reservation')
  @HttpCode(201)
  @ApiCreatedResponse({ type: BookingResponseDto })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description:
      'Reservar para otro usuario sin ser admin; BOOKING_BLOCKED: la regla de inasistencias pausó la reserva en línea del cliente (el mensaje dice hasta cuándo y a quién escribir).',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'CLASS_NOT_FOUND, USER_NOT_FOUND.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'SPOT_UNKNOWN y datos no válidos.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'CLASS_STARTED, CLASS_CANCELLED, ALREADY_BOOKED, NO_CLASSES_LEFT, DATE_OUT_OF_PLAN, CLASS_TYPE_NOT_IN_PLAN, CLASS_FULL, SPOT_TAKEN, ' +
      'SPOT_OUT_OF_SERVICE.',
  })
  async pushReservation(@CurrentUser() caller: Caller, @Body() dto: PushReservationDto): Promise<BookingResponseDto> {
    const booked = await this.booking.book(caller, dto);
    return {
      success: true,
      message: BOOKED_MESSAGE,
      reservationId: booked.reservationId,
      spot: toSpotRefDto(booked.spot),
      cancelUntil: booked.cancelUntil.toISOString(),
      cancellable: booked.cancellable,
    };
  }

  @Post('change-spot')
  @HttpCode(200)
  @ApiOkResponse({ type: ChangeSpotResponseDto, description: 'La reserva está en el reformer pedido.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'SPOT_UNKNOWN y datos no válidos.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'La reserva es de otro usuario.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'RESERVATION_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'SPOT_TAKEN, SPOT_OUT_OF_SERVICE, SPOT_CHANGE_CLOSED, RESERVATION_CANCELLED.',
  })
  async changeSpot(@CurrentUser() caller: Caller, @Body() dto: ChangeSpotDto): Promise<ChangeSpotResponseDto> {
    const spot = await this.booking.changeSpot(caller, dto.reservationId, dto.spot);
    return { success: true, message: `Tu lugar es ahora ${spot.label}.`, spot: toSpotRefDto(spot) };
  }

  @Post('cancel-reservation')
  @HttpCode(200)
  @ApiOkResponse({ type: CancelResponseDto, description: 'Cancelada, o ya lo estaba.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'La reserva es de otro usuario.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CANCEL_WINDOW_CLOSED.' })
  async cancelReservation(@CurrentUser() caller: Caller, @Body() dto: ReservationIdDto): Promise<CancelResponseDto> {
    const cancelled = await this.booking.cancelReservation(caller, dto.id);
    return {
      success: true,
      message: cancelled ? 'Reserva cancelada. La clase volvió al plan.' : 'La reserva ya estaba cancelada.',
    };
  }

  @Post('release-spot')
  @HttpCode(200)
  @ApiOkResponse({
    type: ReleaseSpotResponseDto,
    description: 'Lugar liberado después del límite, sin devolver la clase (liberar otra vez responde lo mismo).',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'La reserva es de otro usuario.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'RESERVATION_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'RELEASE_IN_TIME (aún se puede cancelar sin costo), RELEASE_CLASS_STARTED, RESERVATION_CANCELLED.',
  })
  async releaseSpot(@CurrentUser() caller: Caller, @Body() dto: ReservationIdDto): Promise<ReleaseSpotResponseDto> {
    await this.booking.releaseSpot(caller, dto.id);
    return {
      success: true,
      message: 'Liberaste tu lugar. La clase no se devolvió a tu plan.',
      refunded: false,
    };
  }

  @RequirePermission(Permission.RosterRead)
  @Post('get-information-clases')
  @HttpCode(200)
  @ApiOkResponse({ type: RosterResponseDto, description: 'Las clases de la fecha con sus inscritos.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto })
  async getInformationClases(@CurrentUser() admin: Caller, @Body() dto: DateRequestDto): Promise<RosterResponseDto> {
    return { success: true, date: dto.date, data: await this.booking.rosterFor(dto.date, admin) };
  }

  @RequirePermissionOrTeaching(Permission.AttendanceMark, Permission.ClassesTeach)
  @Post('mark-attendance')
  @HttpCode(200)
  @ApiOkResponse({ type: MarkAttendanceResponseDto, description: 'Marcada; marcar lo mismo otra vez no cambia nada.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'Sin el permiso de marcar asistencia, y sin impartir esa clase (instructor).',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'RESERVATION_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'ATTENDANCE_TOO_EARLY, ATTENDANCE_CLOSED, RESERVATION_CANCELLED.',
  })
  async markAttendance(
    @CurrentUser() admin: Caller,
    @Body() dto: MarkAttendanceDto,
  ): Promise<MarkAttendanceResponseDto> {
    const changed = await this.attendance.mark(admin, dto.id, dto.attended);
    return {
      success: true,
      message: dto.attended ? 'Marcado: asistió.' : 'Marcado: no asistió.',
      attended: dto.attended,
      changed,
    };
  }

  @Post('join-waitlist')
  @HttpCode(201)
  @ApiOkResponse({ type: JoinWaitlistResponseDto, description: 'En la lista de espera, con su lugar.' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'BOOKING_BLOCKED: la regla de inasistencias pausó la reserva en línea del cliente.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'CLASS_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'CLASS_NOT_FULL, ALREADY_BOOKED, ALREADY_WAITLISTED, WAITLIST_FULL, WAITLIST_CLOSED, NO_CLASSES_LEFT, ' +
      'DATE_OUT_OF_PLAN, CLASS_TYPE_NOT_IN_PLAN, CLASS_STARTED, CLASS_CANCELLED.',
  })
  async joinWaitlist(@CurrentUser() caller: Caller, @Body() dto: JoinWaitlistDto): Promise<JoinWaitlistResponseDto> {
    const { waitlistId, position } = await this.waitlist.join(caller, dto.classReservation, dto.date);
    return {
      success: true,
      message: `Te uniste a la lista de espera. ${positionWords(position)}`,
      waitlistId,
      position,
    };
  }

  @Post('leave-waitlist')
  @HttpCode(200)
  @ApiOkResponse({ type: WaitlistActionResponseDto, description: 'Fuera de la lista, o ya lo estaba.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'El lugar es de otro usuario.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'WAITLIST_ENTRY_NOT_FOUND.' })
  async leaveWaitlist(@CurrentUser() caller: Caller, @Body() dto: WaitlistIdDto): Promise<WaitlistActionResponseDto> {
    const left = await this.waitlist.leave(caller, dto.id);
    return {
      success: true,
      message: left ? 'Saliste de la lista de espera.' : 'Ya no estabas en la lista de espera.',
    };
  }

  @RequirePermission(Permission.WaitlistManageOthers)
  @Post('remove-from-waitlist')
  @HttpCode(200)
  @ApiOkResponse({ type: WaitlistActionResponseDto, description: 'Quitado de la lista, o ya no estaba.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'WAITLIST_ENTRY_NOT_FOUND.' })
  async removeFromWaitlist(
    @CurrentUser() admin: Caller,
    @Body() dto: WaitlistIdDto,
  ): Promise<WaitlistActionResponseDto> {
    const removed = await this.waitlist.leave(admin, dto.id);
    return {
      success: true,
      message: removed
        ? 'Quitaste al cliente de la lista de espera.'
        : 'El cliente ya no estaba en la lista de espera.',
    };
  }

  @RequirePermission(Permission.WaitlistManageOthers)
  @Post('promote-from-waitlist')
  @HttpCode(201)
  @ApiOkResponse({ type: PromoteWaitlistResponseDto, description: 'Reservado desde la lista de espera.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'WAITLIST_ENTRY_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'WAITLIST_ENTRY_ENDED, CLASS_FULL, CLASS_STARTED, CLASS_CANCELLED, ALREADY_BOOKED, NO_CLASSES_LEFT, DATE_OUT_OF_PLAN, CLASS_TYPE_NOT_IN_PLAN.',
  })
  async promoteFromWaitlist(
    @CurrentUser() admin: Caller,
    @Body() dto: WaitlistIdDto,
  ): Promise<PromoteWaitlistResponseDto> {
    const reservationId = await this.waitlist.promoteByAdmin(admin, dto.id);
    return { success: true, message: 'El cliente tiene su lugar en la clase.', reservationId };
  }
}
