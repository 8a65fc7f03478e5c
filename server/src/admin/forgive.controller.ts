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
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { BookingService } from '../reservations';
import { ForgiveDto, ForgiveResponseDto } from './dto/forgive.dto';

/** "Perdonar" on the roster and in a client's history. */
@ApiTags('admin')
@RequirePermission(Permission.ReservationsForgive)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin')
export class ForgiveController {
  constructor(private readonly booking: BookingService) {}

  @Post('forgive')
  @HttpCode(200)
  @ApiOkResponse({ type: ForgiveResponseDto, description: 'Perdonada (perdonar otra vez responde lo mismo).' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'RESERVATION_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'NOT_FORGIVABLE.' })
  async forgive(@CurrentUser() admin: Caller, @Body() dto: ForgiveDto): Promise<ForgiveResponseDto> {
    const { classReturned } = await this.booking.forgive(admin, dto.reservationId, dto.reason);
    return {
      success: true,
      message: classReturned
        ? 'Perdonado. La clase volvió al plan del cliente.'
        : 'Perdonado. La clase no volvió al plan: el plan ya no está vigente o se pagó en el estudio.',
      classReturned,
    };
  }
}
