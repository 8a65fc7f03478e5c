import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, RequirePermissionOrTeaching } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { WalkInDto, WalkInResponseDto } from './dto/walk-in.dto';
import { WalkInsService } from './walk-ins.service';
import { toSpotRefDto } from '../sala';

/** Ver clases (and an instructor's own class) at the door: a client who arrives without a reservation. */
@ApiTags('admin')
@RequirePermissionOrTeaching(Permission.WalkInsAdd, Permission.ClassesTeach)
@ApiForbiddenResponse({
  type: ErrorResponseDto,
  description:
    'Sin el permiso de agregar sin reserva, y sin impartir esa clase (instructor); un cliente existente (userId) ' +
    'pide además el permiso de ver usuarios.',
})
@Controller('admin')
export class WalkInsController {
  constructor(private readonly walkIns: WalkInsService) {}

  @Post('walk-in')
  @HttpCode(201)
  @ApiCreatedResponse({ type: WalkInResponseDto, description: 'El cliente tiene su lugar en la clase.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'SPOT_UNKNOWN y datos no válidos.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'CLASS_NOT_FOUND, USER_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'CLASS_CANCELLED, WALK_IN_CLOSED, CLASS_FULL, WALK_IN_WAITLIST, ALREADY_BOOKED, EMAIL_TAKEN, SPOT_TAKEN, ' +
      'SPOT_OUT_OF_SERVICE.',
  })
  async walkIn(@CurrentUser() admin: Caller, @Body() dto: WalkInDto): Promise<WalkInResponseDto> {
    const done = await this.walkIns.walkIn(admin, dto);
    return {
      success: true,
      message: done.paidAtStudio
        ? `${done.name} tiene su lugar en la clase. Pagado en estudio: no tiene un plan que cubra la fecha.`
        : `${done.name} tiene su lugar en la clase (de su plan).`,
      reservationId: done.reservationId,
      userId: done.userId,
      paidAtStudio: done.paidAtStudio,
      newAccount: done.newAccount,
      spot: toSpotRefDto(done.spot),
    };
  }
}
