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
import { GetMembershipDto, MembershipDto, MyMembershipResponseDto, PauseMembershipDto } from './dto/memberships.dto';
import { MembershipAccountService } from './membership-account.service';

/** The client's own membership in Mis planes: its state, this week's count, pause and cancel. */
@ApiTags('informacion')
@Controller('informacion/membership')
export class MembershipAccountController {
  constructor(private readonly account: MembershipAccountService) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({
    type: MyMembershipResponseDto,
    description: 'La membresía vigente de quien llama (o null) y su semana del estudio alrededor de `date`.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'La fecha no es válida.' })
  async getMembership(@CurrentUser() caller: Caller, @Body() dto: GetMembershipDto): Promise<MyMembershipResponseDto> {
    return { success: true, membership: await this.account.membershipOf(caller.id, dto.date) };
  }

  @Post('pause')
  @HttpCode(200)
  @ApiOkResponse({ type: MembershipDto, description: 'La membresía con la pausa pedida.' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Fechas inválidas, PAUSE_TOO_SOON (desde mañana) o PAUSE_TOO_SHORT (al menos 7 días).',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'MEMBERSHIP_NOT_FOUND: no tiene membresía.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'MEMBERSHIP_NOT_ACTIVE, PAUSE_LIMIT_REACHED (días del año) o PAUSE_OVERLAPS.',
  })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no respondió: no se pausó nada.' })
  async pauseMembership(@CurrentUser() caller: Caller, @Body() dto: PauseMembershipDto): Promise<MembershipDto> {
    return this.account.pause(caller, dto.from, dto.to);
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOkResponse({
    type: MembershipDto,
    description: 'La membresía cancelada: sigue vigente hasta `cancelsOn` (el último día pagado).',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'MEMBERSHIP_NOT_FOUND: no tiene membresía.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'MEMBERSHIP_NOT_CANCELLABLE: ya está cancelada.' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no respondió: no se canceló nada.' })
  async cancelMembership(@CurrentUser() caller: Caller): Promise<MembershipDto> {
    return this.account.cancel(caller);
  }
}
