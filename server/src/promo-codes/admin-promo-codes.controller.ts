import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  AddPromoCodeDto,
  ChangePromoCodeDto,
  PromoCodeResponseDto,
  PromoCodesResponseDto,
} from './dto/promo-codes.dto';
import { PromoCodesAdminService } from './promo-codes-admin.service';

/** "Promociones": the studio's promo codes. */
@ApiTags('admin')
@RequirePermission(Permission.PromosManage)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/promo-codes')
export class AdminPromoCodesController {
  constructor(private readonly promoCodes: PromoCodesAdminService) {}

  @Get()
  @ApiOkResponse({ type: PromoCodesResponseDto })
  async listPromoCodes(): Promise<PromoCodesResponseDto> {
    return { success: true, codes: await this.promoCodes.list() };
  }

  @Post('add')
  @HttpCode(200)
  @ApiOkResponse({ type: PromoCodeResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'PROMO_CODE_TAKEN: ya existe un código con ese nombre.' })
  async addPromoCode(@CurrentUser() admin: Caller, @Body() dto: AddPromoCodeDto): Promise<PromoCodeResponseDto> {
    return { success: true, message: 'Código creado', promoCode: await this.promoCodes.add(admin, dto) };
  }

  @Post('change')
  @HttpCode(200)
  @ApiOkResponse({ type: PromoCodeResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'PROMO_NOT_FOUND.' })
  async changePromoCode(@CurrentUser() admin: Caller, @Body() dto: ChangePromoCodeDto): Promise<PromoCodeResponseDto> {
    return { success: true, message: 'Código guardado', promoCode: await this.promoCodes.change(admin, dto) };
  }
}
