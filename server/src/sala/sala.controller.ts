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
import { CurrentUser, Public, RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  AddSpotDto,
  AdminSalaResponseDto,
  CellDto,
  InstructorResponseDto,
  SalaMessageResponseDto,
  SalaResponseDto,
  SpotIdDto,
  SpotResponseDto,
  UpdateSpotDto,
} from './dto/sala.dto';
import { toOutageRangeDto, toRetiredSpotDto, toSalaResponse, toSpotDto } from './dto/sala.mappers';
import { SalaService } from './sala.service';

/** The room map every visitor sees before booking. */
@ApiTags('reservations')
@Controller('reservations')
export class SalaController {
  constructor(private readonly sala: SalaService) {}

  @Public()
  @Get('sala')
  @ApiOkResponse({ type: SalaResponseDto, description: 'Los reformers en servicio y el lugar del instructor.' })
  async getSala(): Promise<SalaResponseDto> {
    return toSalaResponse(await this.sala.layout());
  }
}

/** The admin's "Sala": add, rename, move and retire reformers, and place the instructor. */
@ApiTags('admin')
@RequirePermission(Permission.RoomManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/sala')
export class AdminSalaController {
  constructor(private readonly sala: SalaService) {}

  @Get()
  @ApiOkResponse({
    type: AdminSalaResponseDto,
    description: 'La sala: reformers en servicio, instructor, retirados y periodos fuera de servicio.',
  })
  async getAdminSala(): Promise<AdminSalaResponseDto> {
    const layout = await this.sala.adminLayout();
    return {
      ...toSalaResponse(layout),
      retired: layout.retired.map(toRetiredSpotDto),
      outages: layout.outages.map(toOutageRangeDto),
    };
  }

  @Post('add')
  @HttpCode(201)
  @ApiOkResponse({ type: SpotResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'SPOT_CELL_TAKEN, SPOT_LABEL_TAKEN.' })
  async addSpot(@CurrentUser() admin: Caller, @Body() dto: AddSpotDto): Promise<SpotResponseDto> {
    const spot = await this.sala.add(admin, { label: dto.label, row: dto.row, column: dto.column });
    return { success: true, message: `${spot.label} agregado a la sala.`, spot: toSpotDto(spot) };
  }

  @Post('update')
  @HttpCode(200)
  @ApiOkResponse({ type: SpotResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'SPOT_UNKNOWN y datos no válidos.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'SPOT_CELL_TAKEN, SPOT_LABEL_TAKEN.' })
  async updateSpot(@CurrentUser() admin: Caller, @Body() dto: UpdateSpotDto): Promise<SpotResponseDto> {
    const spot = await this.sala.update(admin, dto.id, { label: dto.label, row: dto.row, column: dto.column });
    return { success: true, message: `${spot.label} guardado.`, spot: toSpotDto(spot) };
  }

  @Post('retire')
  @HttpCode(200)
  @ApiOkResponse({ type: SalaMessageResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'SPOT_UNKNOWN y datos no válidos.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'SPOT_BOOKED: nombra las clases.' })
  async retireSpot(@CurrentUser() admin: Caller, @Body() dto: SpotIdDto): Promise<SalaMessageResponseDto> {
    await this.sala.retire(admin, dto.id);
    return { success: true, message: 'Reformer retirado de la sala.' };
  }

  @Post('instructor')
  @HttpCode(200)
  @ApiOkResponse({ type: InstructorResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'ROOM_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'SPOT_CELL_TAKEN.' })
  async moveInstructor(@CurrentUser() admin: Caller, @Body() dto: CellDto): Promise<InstructorResponseDto> {
    const cell = await this.sala.moveInstructor(admin, { row: dto.row, column: dto.column });
    return { success: true, message: 'Lugar del instructor guardado.', instructor: cell };
  }
}
