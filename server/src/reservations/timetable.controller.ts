import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { BookingService } from './booking.service';
import {
  AddScheduleDto,
  CancelClassDto,
  CancelClassResponseDto,
  ChangeScheduleDto,
  ScheduleIdDto,
  ScheduleResponseDto,
  SetSubstituteDto,
  SetSubstitutesDto,
  SubstitutesResponseDto,
  TimetableResponseDto,
} from './dto/timetable.dto';
import { toScheduleDto } from './dto/reservations.mappers';
import { SubstitutesService, type SubstitutesResult } from './substitutes.service';
import { TimetableService } from './timetable.service';

/** The admin page "Horario": the weekly timetable and cancelling one class on one date. */
@ApiTags('horario')
@RequirePermission(Permission.TimetableManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('reservations')
export class TimetableController {
  constructor(
    private readonly timetable: TimetableService,
    private readonly booking: BookingService,
    private readonly substitutes: SubstitutesService,
  ) {}

  @Get('horario')
  @ApiOkResponse({ type: TimetableResponseDto, description: 'Todas las clases del horario, activas o no.' })
  async listTimetable(): Promise<TimetableResponseDto> {
    return { success: true, horario: (await this.timetable.list()).map(toScheduleDto) };
  }

  @Post('horario/add')
  @HttpCode(201)
  @ApiOkResponse({ type: ScheduleResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'SCHEDULE_TIME_TAKEN.' })
  async addSchedule(@CurrentUser() admin: Caller, @Body() dto: AddScheduleDto): Promise<ScheduleResponseDto> {
    const schedule = await this.timetable.add(admin, dto);
    return { success: true, message: 'Clase agregada al horario', schedule: toScheduleDto(schedule) };
  }

  @Post('horario/change')
  @HttpCode(200)
  @ApiOkResponse({ type: ScheduleResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'SCHEDULE_TIME_TAKEN, CAPACITY_BELOW_RESERVED.' })
  async changeSchedule(@CurrentUser() admin: Caller, @Body() dto: ChangeScheduleDto): Promise<ScheduleResponseDto> {
    const schedule = await this.timetable.change(admin, dto);
    return { success: true, message: 'Clase del horario cambiada', schedule: toScheduleDto(schedule) };
  }

  @Post('horario/deactivate')
  @HttpCode(200)
  @ApiOkResponse({ type: ScheduleResponseDto, description: 'Las clases próximas con reservas se cancelan.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async deactivateSchedule(@CurrentUser() admin: Caller, @Body() dto: ScheduleIdDto): Promise<ScheduleResponseDto> {
    const { schedule, cancelledReservations } = await this.timetable.deactivate(admin, dto.id);
    const message =
      cancelledReservations > 0
        ? `Clase quitada del horario. Se cancelaron ${cancelledReservations} reservas y se avisó a los clientes.`
        : 'Clase quitada del horario';
    return { success: true, message, schedule: toScheduleDto(schedule) };
  }

  @Post('horario/activate')
  @HttpCode(200)
  @ApiOkResponse({ type: ScheduleResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'SCHEDULE_TIME_TAKEN.' })
  async activateSchedule(@CurrentUser() admin: Caller, @Body() dto: ScheduleIdDto): Promise<ScheduleResponseDto> {
    const schedule = await this.timetable.activate(admin, dto.id);
    return { success: true, message: 'Clase activada en el horario', schedule: toScheduleDto(schedule) };
  }

  @RequirePermission(Permission.ClassesCancel)
  @Post('cancel-class')
  @HttpCode(200)
  @ApiOkResponse({ type: CancelClassResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'CLASS_NOT_FOUND.' })
  async cancelClass(@CurrentUser() admin: Caller, @Body() dto: CancelClassDto): Promise<CancelClassResponseDto> {
    const cancelledReservations = await this.booking.cancelClass(admin, dto.scheduleId, dto.date);
    const message =
      cancelledReservations > 0
        ? `Clase cancelada. Se avisó a ${cancelledReservations} ${cancelledReservations === 1 ? 'cliente' : 'clientes'} y sus clases volvieron a sus planes.`
        : 'Clase cancelada.';
    return { success: true, message, cancelledReservations };
  }

  @Post('set-substitute')
  @HttpCode(200)
  @ApiOkResponse({
    type: SubstitutesResponseDto,
    description: 'Los clientes de la clase reciben «Cambio de instructor».',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'CLASS_STARTED, CLASS_CANCELLED, INSTRUCTOR_NOT_AVAILABLE.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'SCHEDULE_NOT_FOUND, CLASS_NOT_FOUND.' })
  async setSubstitute(@CurrentUser() admin: Caller, @Body() dto: SetSubstituteDto): Promise<SubstitutesResponseDto> {
    const result = await this.substitutes.setForDate(admin, dto.scheduleId, dto.date, dto.instructorId ?? null);
    return substitutesAnswer(result, dto.instructorId ?? null);
  }

  @Post('set-substitutes')
  @HttpCode(200)
  @ApiOkResponse({ type: SubstitutesResponseDto, description: 'Las clases ya empezadas o canceladas no cambian.' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'INSTRUCTOR_NOT_AVAILABLE, SUBSTITUTE_RANGE_UNSCOPED.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'SCHEDULE_NOT_FOUND.' })
  async setSubstitutes(@CurrentUser() admin: Caller, @Body() dto: SetSubstitutesDto): Promise<SubstitutesResponseDto> {
    const result = await this.substitutes.setForRange(
      admin,
      { from: dto.from, to: dto.to, instructorId: dto.instructorId, scheduleId: dto.scheduleId },
      dto.substituteId ?? null,
    );
    return substitutesAnswer(result, dto.substituteId ?? null);
  }
}

function substitutesAnswer(result: SubstitutesResult, substituteId: number | null): SubstitutesResponseDto {
  const classes = `${result.classes} ${result.classes === 1 ? 'clase' : 'clases'}`;
  const what = substituteId === null ? `Se quitó el suplente de ${classes}.` : `Suplente asignado a ${classes}.`;
  const told = result.told > 0 ? ` Se avisó a ${result.told} ${result.told === 1 ? 'cliente' : 'clientes'}.` : '';
  return {
    success: true,
    message: result.classes === 0 ? 'Ninguna clase cambió.' : `${what}${told}`,
    classes: result.classes,
    told: result.told,
  };
}
