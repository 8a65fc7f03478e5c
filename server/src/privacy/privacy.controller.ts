import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiBadGatewayResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAccount } from '../auth';
import type { User } from '../auth/entities';
import { CurrentUser, OptionalUser, PublicWithOptionalSession, RequirePermission } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { AccountDeletionService } from './account-deletion.service';
import { DataExportService } from './data-export.service';
import {
  AdminDeleteAccountDto,
  DeleteAccountDto,
  DeleteAccountResponseDto,
  ExportLinkResponseDto,
} from './dto/privacy.dto';

/** «Tus datos» in Mi información: download everything, delete the account; and the admin's deletion. */
@ApiTags('informacion')
@Controller()
export class PrivacyController {
  constructor(
    private readonly exports: DataExportService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Post('informacion/export-data')
  @HttpCode(200)
  @ApiOkResponse({ type: ExportLinkResponseDto, description: 'Los enlaces (JSON y ZIP) y cuándo vencen.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'EXPORT_LIMIT: ya van 3 en 24 horas.' })
  async exportData(@CurrentUser() caller: Caller): Promise<ExportLinkResponseDto> {
    const link = await this.exports.requestExport(caller);
    return { success: true, url: link.url, zipUrl: link.zipUrl, expiresAt: link.expiresAt.toISOString() };
  }

  // Open to the guard so that a guest gets the same 404 as another user: the link tells nobody else anything.
  @PublicWithOptionalSession()
  @Get('informacion/export/:file')
  @ApiParam({ name: 'file', description: 'El secreto del enlace y la extensión: .json o .zip.' })
  @ApiOkResponse({
    description: 'Tus datos: un JSON, o un ZIP con un CSV por tema.',
    content: {
      'application/json': { schema: { type: 'object' } },
      'application/zip': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'EXPORT_NOT_FOUND: no existe, o no es tuyo.' })
  @ApiGoneResponse({ type: ErrorResponseDto, description: 'EXPORT_EXPIRED: pasaron las 24 horas.' })
  async downloadExport(
    @OptionalUser() caller: Caller | null,
    @Param('file') file: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const download = await this.exports.download(caller, file);
    void reply
      .header('content-type', download.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${download.filename}"`);
    return download.body;
  }

  @Post('informacion/delete-account')
  @HttpCode(200)
  @ApiOkResponse({ type: DeleteAccountResponseDto, description: 'La cuenta quedó anonimizada y la sesión cerrada.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Falta la contraseña, o no es correcta.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'DELETION_PENDING_ITEMS: lo que se perdería (planes, reservaciones, pagos, membresía), hasta confirmForfeit; DELETION_STAFF_ACCOUNT.',
  })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Demasiados intentos de contraseña.' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no canceló la membresía.' })
  async deleteAccount(
    @CurrentAccount() account: User,
    @Body() dto: DeleteAccountDto,
  ): Promise<DeleteAccountResponseDto> {
    const result = await this.deletion.deleteOwn(account, dto.password, dto.confirmForfeit === true);
    return { success: true, message: 'Tu cuenta fue eliminada.', ...result };
  }

  @RequirePermission(Permission.UsersManage)
  @Post('admin/delete-account')
  @HttpCode(200)
  @ApiOkResponse({ type: DeleteAccountResponseDto, description: 'La cuenta quedó anonimizada.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'USER_NOT_FOUND.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'DELETION_PENDING_ITEMS hasta confirmForfeit; DELETION_STAFF_ACCOUNT; DELETION_SELF_BY_ADMIN.',
  })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Mercado Pago no canceló la membresía.' })
  async adminDeleteAccount(
    @CurrentUser() admin: Caller,
    @Body() dto: AdminDeleteAccountDto,
  ): Promise<DeleteAccountResponseDto> {
    const result = await this.deletion.deleteByAdmin(admin, dto.userId, dto.confirmForfeit === true);
    return { success: true, message: 'La cuenta fue eliminada.', ...result };
  }
}
