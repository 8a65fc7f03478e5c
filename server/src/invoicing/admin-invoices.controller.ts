import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequirePermission } from '../core/auth/auth.decorators';
import { Permission } from '../core/auth/permissions';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  AdminInvoicesResponseDto,
  CancelInvoiceDto,
  GlobalInvoicePreviewResponseDto,
  InvoiceIdDto,
  InvoiceMonthDto,
  InvoiceResponseDto,
  toInvoiceDto,
  UserInvoicesDto,
} from './dto/invoicing.dto';
import { AdminInvoicesService } from './admin-invoices.service';

/** "Facturas": every invoice of a month, the global invoice's preview, retry, cancel and the accountant's CSV. */
@ApiTags('admin')
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Solo administradores.' })
@Controller('admin')
export class AdminInvoicesController {
  constructor(private readonly invoices: AdminInvoicesService) {}

  @Post('invoices')
  @HttpCode(200)
  @RequirePermission(Permission.PaymentsRead)
  @ApiOkResponse({ type: AdminInvoicesResponseDto, description: 'Las facturas del mes, la más reciente primero.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getInvoices(@Body() dto: InvoiceMonthDto): Promise<AdminInvoicesResponseDto> {
    return { success: true, invoices: await this.invoices.list(dto.month, dto.status) };
  }

  @Post('invoices/of-user')
  @HttpCode(200)
  @RequirePermission(Permission.PaymentsRead)
  @ApiOkResponse({
    type: AdminInvoicesResponseDto,
    description: 'Las facturas de un cliente (todas sus compras), la más reciente primero: Usuarios → planes.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getUserInvoices(@Body() dto: UserInvoicesDto): Promise<AdminInvoicesResponseDto> {
    return { success: true, invoices: await this.invoices.ofUser(dto.userId) };
  }

  @Post('invoices/global-preview')
  @HttpCode(200)
  @RequirePermission(Permission.PaymentsRead)
  @ApiOkResponse({
    type: GlobalInvoicePreviewResponseDto,
    description: 'Lo que lleva (o llevó) la factura global del mes: las compras sin factura propia.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async previewGlobalInvoice(@Body() dto: InvoiceMonthDto): Promise<GlobalInvoicePreviewResponseDto> {
    return { success: true, ...(await this.invoices.globalPreview(dto.month)) };
  }

  @Post('invoices/retry')
  @HttpCode(200)
  @RequirePermission(Permission.PaymentsRefund)
  @ApiOkResponse({ type: InvoiceResponseDto, description: 'La factura otra vez en cola.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Ya emitida o cancelada.' })
  async retryInvoice(@Body() dto: InvoiceIdDto): Promise<InvoiceResponseDto> {
    return { success: true, invoice: toInvoiceDto(await this.invoices.retry(dto.id)) };
  }

  @Post('invoices/cancel')
  @HttpCode(200)
  @RequirePermission(Permission.PaymentsRefund)
  @ApiOkResponse({ type: InvoiceResponseDto, description: 'La factura cancelada ante el SAT.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Motivo 01 sin factura sustituta emitida.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'No está emitida, o el SAT la rechazó.' })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'El servicio de facturación no responde.' })
  async cancelInvoice(@Body() dto: CancelInvoiceDto): Promise<InvoiceResponseDto> {
    return {
      success: true,
      invoice: toInvoiceDto(await this.invoices.cancel(dto.id, dto.motive ?? '02', dto.substituteId)),
    };
  }

  /** A download link (GET with the session cookie), as the dashboard's exports. */
  @Get('export/invoices.csv')
  @RequirePermission(Permission.PaymentsRead)
  // The file is text/csv; its errors are the API's JSON errors like any other.
  @ApiOkResponse({
    description: 'CSV UTF-8 con BOM para la contadora: una fila por factura del mes, con UUID, RFC, total e IVA.',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async exportInvoices(
    @Query() dto: InvoiceMonthDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.invoices.exportCsv(dto.month);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.body;
  }
}
