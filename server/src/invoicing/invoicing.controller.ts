import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../core/auth/auth.decorators';
import type { Caller } from '../core/auth/caller';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import {
  FiscalDataDto,
  FiscalDataResponseDto,
  InvoiceResponseDto,
  MyInvoicesResponseDto,
  RequestInvoiceDto,
  toFiscalDataResponse,
  toInvoiceDto,
} from './dto/invoicing.dto';
import { InvoicingService } from './invoicing.service';

/** A client's "Datos de facturación" and invoices (Mi información, Mis planes). */
@ApiTags('informacion')
@Controller('informacion')
export class InvoicingController {
  constructor(private readonly invoicing: InvoicingService) {}

  @Get('fiscal-data')
  @ApiOkResponse({
    type: FiscalDataResponseDto,
    description: 'Los datos de facturación de quien llama (o null) y los catálogos del SAT del formulario.',
  })
  async getFiscalData(@CurrentUser() caller: Caller): Promise<FiscalDataResponseDto> {
    return toFiscalDataResponse(await this.invoicing.fiscalDataOf(caller.id));
  }

  @Post('fiscal-data')
  @HttpCode(200)
  @ApiOkResponse({ type: FiscalDataResponseDto, description: 'Los datos de facturación guardados.' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Errores por campo: RFC (formato o dígito verificador), régimen, uso no permitido para el régimen…',
  })
  async saveFiscalData(@CurrentUser() caller: Caller, @Body() dto: FiscalDataDto): Promise<FiscalDataResponseDto> {
    return toFiscalDataResponse(await this.invoicing.saveFiscalData(caller.id, dto));
  }

  @Get('invoices')
  @ApiOkResponse({
    type: MyInvoicesResponseDto,
    description: 'Las facturas de quien llama, la más reciente primero, y sus compras recientes.',
  })
  async getMyInvoices(@CurrentUser() caller: Caller): Promise<MyInvoicesResponseDto> {
    const purchases = await this.invoicing.recentPurchasesOf(caller.id);
    return {
      success: true,
      invoices: (await this.invoicing.invoicesOf(caller, caller.id)).map(toInvoiceDto),
      purchases: purchases.map(({ purchase, invoice, canRequest }) => ({
        kind: purchase.kind,
        id: purchase.id,
        description: purchase.description,
        totalCents: purchase.totalCents,
        approvedAt: purchase.approvedAt?.toISOString() ?? null,
        canRequest,
        invoice: invoice ? toInvoiceDto(invoice) : null,
      })),
    };
  }

  @Post('request-invoice')
  @HttpCode(202)
  @ApiAcceptedResponse({
    type: InvoiceResponseDto,
    description: 'La factura en cola (o la que ya tenía la compra), con su estado.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'La compra es de otro usuario.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'La compra no existe.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'Sin pagar, fuera del plazo (ya va en la global), sin datos de facturación, o cancelada.',
  })
  async requestInvoice(@CurrentUser() caller: Caller, @Body() dto: RequestInvoiceDto): Promise<InvoiceResponseDto> {
    const invoice = await this.invoicing.requestInvoice(caller, dto.kind ?? 'payment', dto.purchaseId);
    return { success: true, invoice: toInvoiceDto(invoice) };
  }

  @Get('invoices/:id.pdf')
  @ApiOkResponse({
    description: 'El PDF de la factura.',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'La factura es de otro usuario.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'La factura no existe.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'La factura aún no está emitida.' })
  async downloadInvoicePdf(
    @CurrentUser() caller: Caller,
    @Param('id', ParseIntPipe) id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.invoicing.download(caller, id, 'pdf');
    void reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.body;
  }

  @Get('invoices/:id.xml')
  @ApiOkResponse({
    description: 'El XML (CFDI 4.0) de la factura.',
    content: { 'application/xml': { schema: { type: 'string' } } },
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'La factura es de otro usuario.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'La factura no existe.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'La factura aún no está emitida.' })
  async downloadInvoiceXml(
    @CurrentUser() caller: Caller,
    @Param('id', ParseIntPipe) id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.invoicing.download(caller, id, 'xml');
    void reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.body;
  }
}
