import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
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
  AdminMembershipDetailResponseDto,
  AdminMembershipsDto,
  AdminMembershipsResponseDto,
  MembershipChargeIdDto,
  MembershipIdDto,
} from './dto/memberships.dto';
import { MembershipAccountService } from './membership-account.service';

/** The admin's memberships (Pagos → Membresías): the list, one with its charges, cancel, refund a charge. */
@ApiTags('admin')
@RequirePermission(Permission.PaymentsRead)
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin/memberships')
export class AdminMembershipsController {
  constructor(private readonly account: MembershipAccountService) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: AdminMembershipsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Estado o página no válidos.' })
  async getAdminMemberships(@Body() dto: AdminMembershipsDto): Promise<AdminMembershipsResponseDto> {
    return { success: true, ...(await this.account.list(dto.status ?? null, dto.page ?? 1)) };
  }

  @Post('detail')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminMembershipDetailResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'MEMBERSHIP_NOT_FOUND.' })
  async getAdminMembershipDetail(@Body() dto: MembershipIdDto): Promise<AdminMembershipDetailResponseDto> {
    return { success: true, ...(await this.account.detail(dto.id)) };
  }

  @RequirePermission(Permission.PaymentsRefund)
  @Post('cancel')
  @HttpCode(200)
  @ApiOkResponse({
    type: AdminMembershipDetailResponseDto,
    description: 'Cancelada en Mercado Pago: no hay más cobros y sigue vigente hasta el último día pagado.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'MEMBERSHIP_NOT_FOUND.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'MEMBERSHIP_NOT_CANCELLABLE: ya está cancelada.' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no respondió: no se canceló nada.' })
  async cancelAdminMembership(
    @CurrentUser() admin: Caller,
    @Body() dto: MembershipIdDto,
  ): Promise<AdminMembershipDetailResponseDto> {
    return { success: true, ...(await this.account.adminCancel(admin, dto.id)) };
  }

  @RequirePermission(Permission.PaymentsRefund)
  @Post('refund-charge')
  @HttpCode(200)
  @ApiOkResponse({
    type: AdminMembershipDetailResponseDto,
    description: 'Cobro reembolsado en Mercado Pago; si había pagado un periodo, la membresía lo pierde.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'CHARGE_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'CHARGE_NOT_REFUNDABLE: no está aprobado o ya se reembolsó.',
  })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no hizo el reembolso.' })
  async refundMembershipCharge(
    @CurrentUser() admin: Caller,
    @Body() dto: MembershipChargeIdDto,
  ): Promise<AdminMembershipDetailResponseDto> {
    return { success: true, ...(await this.account.refundCharge(admin, dto.chargeId)) };
  }
}
