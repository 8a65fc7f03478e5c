import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, OptionalUser, PublicWithOptionalSession, Roles } from '../core/auth/auth.decorators';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { BookingResponseDto, CancelResponseDto, PushReservationDto, ReservationIdDto } from './dto/booking.dto';
import { DateRequestDto, RosterResponseDto, SlotsResponseDto } from './dto/slots.dto';
import { BOOKED_MESSAGE, BookingService } from './booking.service';

@ApiTags('reservations')
@Controller('reservations')
export class ReservationsController {
  constructor(private readonly booking: BookingService) {}

  @PublicWithOptionalSession()
  @Post('get-information')
  @HttpCode(200)
  @ApiOkResponse({ type: SlotsResponseDto, description: 'Las clases de la fecha, por hora.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getInformation(@OptionalUser() caller: Caller | null, @Body() dto: DateRequestDto): Promise<SlotsResponseDto> {
    return { success: true, date: dto.date, data: await this.booking.slotsFor(dto.date, caller) };
  }

  @Post('push-reservation')
  @HttpCode(201)
  @ApiOkResponse({ type: BookingResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Reservar para otro usuario sin ser admin.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'CLASS_NOT_FOUND, USER_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'CLASS_STARTED, CLASS_CANCELLED, ALREADY_BOOKED, NO_CLASSES_LEFT, DATE_OUT_OF_PLAN, CLASS_FULL.',
  })
  async pushReservation(@CurrentUser() caller: Caller, @Body() dto: PushReservationDto): Promise<BookingResponseDto> {
    const reservationId = await this.booking.book(caller, dto);
    return { success: true, message: BOOKED_MESSAGE, reservationId };
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

  @Roles('admin')
  @Post('get-information-clases')
  @HttpCode(200)
  @ApiOkResponse({ type: RosterResponseDto, description: 'Las clases de la fecha con sus inscritos.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto })
  async getInformationClases(@CurrentUser() admin: Caller, @Body() dto: DateRequestDto): Promise<RosterResponseDto> {
    return { success: true, date: dto.date, data: await this.booking.rosterFor(dto.date, admin) };
  }
}
