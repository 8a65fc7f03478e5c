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
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  OutageDto,
  OutageIdDto,
  OutagePreviewResponseDto,
  OutageResponseDto,
  SalaMessageResponseDto,
  SalaService,
  toOutageRangeDto,
  type OutageRequest,
} from '../sala';
import { SpotOutageService, type OutagePlan } from './spot-outage.service';

const requestOf = (dto: OutageDto): OutageRequest => ({
  spotId: dto.spot,
  from: dto.from,
  to: dto.to,
  reason: dto.reason,
});

const planDto = ({ moves, stranded }: OutagePlan): Omit<OutagePreviewResponseDto, 'success'> => ({
  moves: moves.map(({ reservationId, name, date, time, from, to }) => ({ reservationId, name, date, time, from, to })),
  stranded: stranded.map(({ reservationId, name, date, time }) => ({ reservationId, name, date, time })),
});

/**
 * The admin's "Sala": a reformer out of service over a range of days. Beside the room's other
 * calls (/admin/sala), here because moving and cancelling its bookings is the booking module's work.
 */
@ApiTags('admin')
@RequirePermission(Permission.RoomManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/sala/outage')
export class SpotOutageController {
  constructor(
    private readonly outages: SpotOutageService,
    private readonly sala: SalaService,
  ) {}

  @Post('preview')
  @HttpCode(200)
  @ApiOkResponse({
    type: OutagePreviewResponseDto,
    description: 'Quiénes pasarían a otro reformer y quiénes quedarían sin lugar; no cambia nada.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'SPOT_UNKNOWN y datos no válidos.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'OUTAGE_OVERLAPS.' })
  async previewOutage(@Body() dto: OutageDto): Promise<OutagePreviewResponseDto> {
    return { success: true, ...planDto(await this.outages.preview(requestOf(dto))) };
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({
    type: OutageResponseDto,
    description: 'El reformer queda fuera de servicio; sus clientes cambiados de reformer o con su clase devuelta.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'SPOT_UNKNOWN y datos no válidos.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'OUTAGE_OVERLAPS.' })
  async createOutage(@CurrentUser() admin: Caller, @Body() dto: OutageDto): Promise<OutageResponseDto> {
    const { outage, plan } = await this.outages.apply(admin, requestOf(dto));
    return {
      success: true,
      message: `${outage.spot.label} queda fuera de servicio.`,
      outage: toOutageRangeDto(outage),
      ...planDto(plan),
    };
  }

  @Post('end')
  @HttpCode(200)
  @ApiOkResponse({ type: SalaMessageResponseDto, description: 'El reformer vuelve a estar en servicio desde hoy.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'OUTAGE_UNKNOWN.' })
  async endOutage(@CurrentUser() admin: Caller, @Body() dto: OutageIdDto): Promise<SalaMessageResponseDto> {
    const outage = await this.sala.endOutage(admin, dto.id);
    return { success: true, message: `${outage.spot.label} vuelve a estar en servicio.` };
  }
}
