import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { SubscribeDto, SubscribeResponseDto } from './dto/memberships.dto';
import { MembershipsService } from './memberships.service';

@ApiTags('payments')
@Controller('mercadopago')
export class MembershipsController {
  constructor(private readonly memberships: MembershipsService) {}

  @Post('subscribe')
  @HttpCode(200)
  @ApiOkResponse({
    type: SubscribeResponseDto,
    description: 'La URL donde el cliente autoriza su tarjeta para la suscripción mensual de Mercado Pago.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'NOT_A_MEMBERSHIP: el plan es un paquete.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'PLAN_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'MEMBERSHIP_ALREADY_ACTIVE.' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no respondió.' })
  async subscribeMembership(@CurrentUser() user: Caller, @Body() dto: SubscribeDto): Promise<SubscribeResponseDto> {
    const { url } = await this.memberships.subscribe(user, dto.planId);
    return { success: true, url };
  }
}
