import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { UserResponseDto, toUserDto, CurrentAccount, ChangeInfoUserDto, UsersService } from '../auth';
import type { User } from '../auth/entities';
import type { Caller } from '../core/auth/caller';
import { CurrentUser } from '../core/auth/auth.decorators';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { GetUserPlanesDto, UserPlansResponseDto, PlanesService } from '../planes';
import { BookingService, GetClasesDto, MyClassesResponseDto } from '../reservations';
import { FavouriteSpotDto, FavouriteSpotResponseDto, SalaService, toSpotRefDto } from '../sala';
import { WhatsAppConsentsService } from '../notifications';
import { PlanHistoryDto, PlanHistoryResponseDto } from './dto/plan-history.dto';
import { toWhatsAppConsentResponse, WhatsAppConsentDto, WhatsAppConsentResponseDto } from './dto/whatsapp.dto';
import { InformacionService } from './informacion.service';
import { PlanHistoryService } from './plan-history.service';

@ApiTags('informacion')
@Controller('informacion')
export class InformacionController {
  constructor(
    private readonly informacion: InformacionService,
    private readonly booking: BookingService,
    private readonly planes: PlanesService,
    private readonly sala: SalaService,
    private readonly users: UsersService,
    private readonly histories: PlanHistoryService,
    private readonly whatsapp: WhatsAppConsentsService,
  ) {}

  @Get('whatsapp')
  @ApiOkResponse({
    type: WhatsAppConsentResponseDto,
    description: 'El texto de la casilla y el consentimiento vigente de quien llama (o null).',
  })
  async getWhatsAppConsent(@CurrentUser() caller: Caller): Promise<WhatsAppConsentResponseDto> {
    return toWhatsAppConsentResponse(await this.whatsapp.consentOf(caller.id));
  }

  @Post('whatsapp')
  @HttpCode(200)
  @ApiOkResponse({
    type: WhatsAppConsentResponseDto,
    description: 'Consentimiento guardado con el texto vigente, la hora y el número en forma +52 y 10 dígitos.',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'El número no es un celular de México, o la casilla no está marcada.',
  })
  async giveWhatsAppConsent(
    @CurrentUser() caller: Caller,
    @Body() dto: WhatsAppConsentDto,
  ): Promise<WhatsAppConsentResponseDto> {
    return toWhatsAppConsentResponse(await this.whatsapp.optIn(caller.id, dto.phone, 'account'));
  }

  @Post('whatsapp-baja')
  @HttpCode(200)
  @ApiOkResponse({
    type: WhatsAppConsentResponseDto,
    description: 'Ya no recibe avisos por WhatsApp (el historial guarda cuándo); los avisos vuelven al correo.',
  })
  async withdrawWhatsAppConsent(@CurrentUser() caller: Caller): Promise<WhatsAppConsentResponseDto> {
    await this.whatsapp.optOut(caller.id);
    return toWhatsAppConsentResponse(null);
  }

  @Post('get-planes')
  @HttpCode(200)
  @ApiOkResponse({ type: UserPlansResponseDto, description: 'Los planes del usuario, el más reciente primero.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Otro usuario, y quien llama no es admin.' })
  async getUserPlanes(@CurrentUser() caller: Caller, @Body() dto: GetUserPlanesDto): Promise<UserPlansResponseDto> {
    return { success: true, ...(await this.planes.plansOf(caller, dto)) };
  }

  @Post('plan-history')
  @HttpCode(200)
  @ApiOkResponse({ type: PlanHistoryResponseDto, description: 'El historial del plan, lo más reciente primero.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'El plan es de otro usuario, y quien llama no es admin.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'El plan no existe.' })
  async planHistory(@CurrentUser() caller: Caller, @Body() dto: PlanHistoryDto): Promise<PlanHistoryResponseDto> {
    return { success: true, ...(await this.histories.historyOf(caller, dto.userPlanId)) };
  }

  @Post('get-clases')
  @HttpCode(200)
  @ApiOkResponse({ type: MyClassesResponseDto, description: 'Las clases reservadas: próximas primero, luego pasadas.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Otro usuario, y quien llama no es admin.' })
  async getClases(@CurrentUser() caller: Caller, @Body() dto: GetClasesDto): Promise<MyClassesResponseDto> {
    return { success: true, ...(await this.booking.classesOf(caller, dto)) };
  }

  @Post('change-info-user')
  @HttpCode(200)
  @ApiOkResponse({ type: UserResponseDto, description: 'Los datos del usuario ya cambiados.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Otro usuario, y quien llama no es admin.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Ya existe una cuenta con ese correo.' })
  async changeInfoUser(@CurrentAccount() caller: User, @Body() dto: ChangeInfoUserDto): Promise<UserResponseDto> {
    const user = await this.informacion.changeInfo(caller, dto);
    return { success: true, user: toUserDto(user, await this.users.favouriteSpotOf(user)) };
  }

  @Post('favourite-spot')
  @HttpCode(200)
  @ApiOkResponse({ type: FavouriteSpotResponseDto, description: 'El reformer favorito de quien llama (o ninguno).' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'SPOT_UNKNOWN y datos no válidos.' })
  async setFavouriteSpot(
    @CurrentUser() caller: Caller,
    @Body() dto: FavouriteSpotDto,
  ): Promise<FavouriteSpotResponseDto> {
    const spot = await this.sala.setFavourite(caller.id, dto.spot);
    return {
      success: true,
      message: spot ? `${spot.label} es tu reformer favorito.` : 'Ya no tienes un reformer favorito.',
      favouriteSpot: spot ? toSpotRefDto(spot) : null,
    };
  }
}
