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
  PurchaseInvoicesDto,
  SubstituteInvoiceDto,
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

  @Post('invoices/of-purchases')
  @HttpCode(200)
  @RequirePermission(Permission.PaymentsRead)
  @ApiOkResponse({
    type: AdminInvoicesResponseDto,
    description:
      'Las facturas de unas compras de un tipo (todas sus versiones), la más reciente primero: Tarjetas de regalo.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async getPurchaseInvoices(@Body() dto: PurchaseInvoicesDto): Promise<AdminInvoicesResponseDto> {
    return { success: true, invoices: await this.invoices.ofPurchases(dto.kind, dto.purchaseIds) };
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
  @ApiOkResponse({
    type: InvoiceResponseDto,
    description:
      'La factura cancelada ante el SAT, o con la cancelación pendiente de que el receptor la acepte (cancellationStatus pending).',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Motivo que no es 02 ni 03.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'No está emitida, su cancelación ya espera al receptor, se está sustituyendo, o el SAT la rechazó.',
  })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'El servicio de facturación no responde.' })
  async cancelInvoice(@Body() dto: CancelInvoiceDto): Promise<InvoiceResponseDto> {
    return { success: true, invoice: toInvoiceDto(await this.invoices.cancel(dto.id, dto.motive ?? '02')) };
  }

  @Post('invoices/substitute')
  @HttpCode(200)
  @RequirePermission(Permission.PaymentsRefund)
  @ApiOkResponse({
    type: InvoiceResponseDto,
    description:
      'La sustituta, en cola (relación 04 con la original); al timbrarse, la original se cancela con el motivo 01. Los datos quedan como los datos de facturación del cliente.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Datos fiscales con errores, por campo.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'No está emitida (o es la global), ya tiene una sustituta en curso, o su cancelación espera al receptor.',
  })
  async substituteInvoice(@Body() dto: SubstituteInvoiceDto): Promise<InvoiceResponseDto> {
    const { id, ...data } = dto;
    return { success: true, invoice: toInvoiceDto(await this.invoices.substitute(id, data)) };
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
