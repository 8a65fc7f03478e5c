import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import { IsVisibleText } from '../../core/dto/text';
import { NormalizeEmail, Trim } from '../../core/dto/transforms';
import type { FiscalProfile, Invoice } from '../entities';
import {
  CANCELLATION_STATES,
  INVOICE_STATUSES,
  type CancellationState,
  INVOICEABLE_KINDS,
  PURCHASE_KINDS,
  type InvoiceableKind,
  type InvoiceStatus,
  type PurchaseKind,
} from '../entities';
import { CFDI_USES, TAX_SYSTEMS } from '../sat-catalogues';

export const FISCAL_FIELD_MESSAGES = {
  rfc: 'El RFC no es válido',
  legalName:
    'Escribe tu nombre o razón social como aparece en tu Constancia de Situación Fiscal (hasta 254 caracteres).',
  taxSystem: 'Elige tu régimen fiscal.',
  zip: 'El código postal de tu domicilio fiscal son 5 dígitos.',
  cfdiUse: 'Elige el uso del CFDI.',
  email: 'El correo para recibir tus facturas no es válido.',
  autoInvoice: 'Indica si quieres que tus compras se facturen automáticamente (sí o no).',
} as const;

const MONTH_MESSAGE = 'El mes no es válido (AAAA-MM).';

/** informacion/fiscal-data: "Datos de facturación". */
export class FiscalDataDto {
  @ApiProperty({ example: 'GODE561231GR8', description: 'RFC de 13 (persona física) o 12 (moral) caracteres.' })
  @Trim()
  @MaxLength(20, { message: FISCAL_FIELD_MESSAGES.rfc })
  @IsString({ message: FISCAL_FIELD_MESSAGES.rfc })
  @IsNotEmpty({ message: FISCAL_FIELD_MESSAGES.rfc })
  rfc!: string;

  @ApiProperty({
    example: 'EMILIO GOMEZ DIAZ',
    description: 'Nombre o razón social como en la Constancia de Situación Fiscal, sin el régimen societario.',
  })
  @Trim()
  @IsVisibleText({ message: FISCAL_FIELD_MESSAGES.legalName })
  @MaxLength(254, { message: FISCAL_FIELD_MESSAGES.legalName })
  @IsNotEmpty({ message: FISCAL_FIELD_MESSAGES.legalName })
  @IsString({ message: FISCAL_FIELD_MESSAGES.legalName })
  legalName!: string;

  @ApiProperty({ example: '612', enum: TAX_SYSTEMS.map((s) => s.code), description: 'c_RegimenFiscal.' })
  @IsIn(TAX_SYSTEMS.map((s) => s.code), { message: FISCAL_FIELD_MESSAGES.taxSystem })
  taxSystem!: string;

  @ApiProperty({ example: '52140', description: 'Código postal del domicilio fiscal.' })
  @Matches(/^\d{5}$/, { message: FISCAL_FIELD_MESSAGES.zip })
  @IsString({ message: FISCAL_FIELD_MESSAGES.zip })
  zip!: string;

  @ApiProperty({
    example: 'G03',
    enum: CFDI_USES.map((u) => u.code),
    description: 'c_UsoCFDI, permitido para el régimen.',
  })
  @IsIn(CFDI_USES.map((u) => u.code), { message: FISCAL_FIELD_MESSAGES.cfdiUse })
  cfdiUse!: string;

  @ApiProperty({ example: 'facturas@example.com' })
  @NormalizeEmail()
  @MaxLength(254, { message: FISCAL_FIELD_MESSAGES.email })
  @IsEmail({}, { message: FISCAL_FIELD_MESSAGES.email })
  @IsString({ message: FISCAL_FIELD_MESSAGES.email })
  email!: string;

  @ApiProperty({ example: false, description: '«Facturar mis compras automáticamente».' })
  @IsBoolean({ message: FISCAL_FIELD_MESSAGES.autoInvoice })
  autoInvoice!: boolean;
}

export class FiscalProfileDto {
  @ApiProperty({ example: 'GODE561231GR8' })
  rfc!: string;
  @ApiProperty({ example: 'EMILIO GOMEZ DIAZ' })
  legalName!: string;
  @ApiProperty({ example: '612' })
  taxSystem!: string;
  @ApiProperty({ example: '52140' })
  zip!: string;
  @ApiProperty({ example: 'G03' })
  cfdiUse!: string;
  @ApiProperty({ example: 'facturas@example.com' })
  email!: string;
  @ApiProperty({ example: false })
  autoInvoice!: boolean;
}

export class TaxSystemDto {
  @ApiProperty({ example: '612' })
  code!: string;
  @ApiProperty({ example: 'Personas Físicas con Actividades Empresariales y Profesionales' })
  name!: string;
  @ApiProperty({ example: true, description: 'Lo puede tener una persona física (RFC de 13).' })
  person!: boolean;
  @ApiProperty({ example: false, description: 'Lo puede tener una persona moral (RFC de 12).' })
  company!: boolean;
}

export class CfdiUseDto extends TaxSystemDto {
  @ApiProperty({ type: [String], example: ['601', '612'], description: 'Regímenes para los que el SAT lo permite.' })
  taxSystems!: string[];
}

export class FiscalDataResponseDto {
  @ApiProperty({ example: true })
  success!: true;

  @ApiProperty({ type: FiscalProfileDto, nullable: true, description: 'Los datos guardados, o null.' })
  fiscalData!: FiscalProfileDto | null;

  @ApiProperty({ type: [TaxSystemDto], description: 'Catálogo c_RegimenFiscal del SAT.' })
  taxSystems!: TaxSystemDto[];

  @ApiProperty({ type: [CfdiUseDto], description: 'Catálogo c_UsoCFDI, con los regímenes de cada uso.' })
  cfdiUses!: CfdiUseDto[];
}

export const toFiscalProfileDto = (p: FiscalProfile): FiscalProfileDto => ({
  rfc: p.rfc,
  legalName: p.legalName,
  taxSystem: p.taxSystem,
  zip: p.zip,
  cfdiUse: p.cfdiUse,
  email: p.email,
  autoInvoice: p.autoInvoice,
});

export const toFiscalDataResponse = (p: FiscalProfile | null): FiscalDataResponseDto => ({
  success: true,
  fiscalData: p ? toFiscalProfileDto(p) : null,
  taxSystems: TAX_SYSTEMS.map((s) => ({ ...s })),
  cfdiUses: CFDI_USES.map((u) => ({ ...u, taxSystems: [...u.taxSystems] })),
});

/** informacion/request-invoice. */
export class RequestInvoiceDto {
  @ApiProperty({
    example: 12,
    description: 'La compra: el pago de un plan, o con kind una tarjeta de regalo o un cobro mensual de membresía.',
  })
  @Type(() => Number)
  @IsInt({ message: 'La compra no es válida.' })
  @Min(1, { message: 'La compra no es válida.' })
  purchaseId!: number;

  @ApiPropertyOptional({ enum: INVOICEABLE_KINDS, default: 'payment' })
  @IsOptional()
  @IsIn(INVOICEABLE_KINDS, { message: 'El tipo de compra no es válido.' })
  kind?: InvoiceableKind;
}

export class InvoiceDto {
  @ApiProperty({ example: 7 })
  id!: number;
  @ApiProperty({ enum: PURCHASE_KINDS, example: 'payment' })
  purchaseKind!: PurchaseKind;
  @ApiProperty({ example: 12, description: 'La compra (para la global: el mes, AAAAMM).' })
  purchaseId!: number;
  @ApiProperty({ example: '2026-11', description: 'Mes del pago, hora del estudio.' })
  period!: string;
  @ApiProperty({ enum: INVOICE_STATUSES, example: 'issued' })
  status!: InvoiceStatus;
  @ApiProperty({ example: 120000, description: 'Total con IVA, centavos.' })
  totalCents!: number;
  @ApiProperty({ type: String, nullable: true, example: '04', description: 'c_FormaPago.' })
  paymentForm!: string | null;
  @ApiProperty({ example: 'GODE561231GR8' })
  rfc!: string;
  @ApiProperty({ example: 'EMILIO GOMEZ DIAZ' })
  legalName!: string;
  @ApiProperty({ example: '612', description: 'c_RegimenFiscal del receptor.' })
  taxSystem!: string;
  @ApiProperty({ example: '52140', description: 'Código postal del domicilio fiscal del receptor.' })
  zip!: string;
  @ApiProperty({ example: 'G03', description: 'c_UsoCFDI.' })
  cfdiUse!: string;
  @ApiProperty({ type: String, nullable: true, example: 'facturas@example.com', description: 'A donde se envía.' })
  email!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '5D1A6B3E-1C2D-4E5F-8A9B-0C1D2E3F4A5B' })
  uuid!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'F' })
  series!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 15 })
  folioNumber!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Por qué falló el último intento.' })
  lastError!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'rfc',
    description: 'El dato de facturación que el SAT rechazó (rfc, legalName, taxSystem, zip, cfdiUse).',
  })
  errorField!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-23T18:00:00.000Z' })
  issuedAt!: string | null;
  @ApiProperty({ type: String, nullable: true })
  cancelledAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '02',
    description: 'Motivo de la cancelación, hecha o pedida (01 cuando la sustituyó otra).',
  })
  cancelMotive!: string | null;
  @ApiProperty({
    enum: CANCELLATION_STATES,
    nullable: true,
    example: null,
    description:
      'Cancelación que el receptor debe aceptar: pending mientras decide (la factura sigue vigente, hasta 72 horas), rejected si la rechazó.',
  })
  cancellationStatus!: CancellationState | null;
  @ApiProperty({
    example: false,
    description: 'Reembolsada o cancelada en un mes posterior al suyo: avisar a la contadora.',
  })
  needsAccountant!: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description: 'La factura que esta sustituye (relación 04).',
  })
  replacesId!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description: 'Su sustituta con datos corregidos, si la hay.',
  })
  replacedById!: number | null;
}

export const toInvoiceDto = (i: Invoice): InvoiceDto => ({
  id: i.id,
  purchaseKind: i.purchaseKind,
  purchaseId: i.purchaseId,
  period: i.period,
  status: i.status,
  totalCents: i.totalCents,
  paymentForm: i.paymentForm,
  rfc: i.rfc,
  legalName: i.legalName,
  taxSystem: i.taxSystem,
  zip: i.zip,
  cfdiUse: i.cfdiUse,
  email: i.email,
  uuid: i.uuid,
  series: i.series,
  folioNumber: i.folioNumber,
  lastError: i.lastError,
  errorField: i.errorField,
  issuedAt: i.issuedAt?.toISOString() ?? null,
  cancelledAt: i.cancelledAt?.toISOString() ?? null,
  cancelMotive: i.cancelMotive,
  cancellationStatus: i.cancellationStatus,
  needsAccountant: i.needsAccountant,
  replacesId: i.replacesId,
  replacedById: i.replacedById,
});

export class InvoiceResponseDto {
  @ApiProperty({ example: true })
  success!: true;
  @ApiProperty({ type: InvoiceDto })
  invoice!: InvoiceDto;
}

/** One of the caller's recent purchases, as "Solicitar factura" shows it. */
export class InvoiceablePurchaseDto {
  @ApiProperty({ enum: INVOICEABLE_KINDS })
  kind!: InvoiceableKind;
  @ApiProperty({ example: 12 })
  id!: number;
  @ApiProperty({ example: 'Plan Ocho Clases (8 clases de Pilates Reformer)' })
  description!: string;
  @ApiProperty({ example: 120000 })
  totalCents!: number;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-23T18:00:00.000Z' })
  approvedAt!: string | null;
  @ApiProperty({ example: true, description: 'Aún se puede pedir su factura (dentro del plazo y sin factura).' })
  canRequest!: boolean;
  @ApiProperty({ type: InvoiceDto, nullable: true, description: 'Su factura, o null.' })
  invoice!: InvoiceDto | null;
}

export class MyInvoicesResponseDto {
  @ApiProperty({ example: true })
  success!: true;
  @ApiProperty({ type: [InvoiceDto] })
  invoices!: InvoiceDto[];
  @ApiProperty({ type: [InvoiceablePurchaseDto], description: 'Las compras pagadas de este mes y el anterior.' })
  purchases!: InvoiceablePurchaseDto[];
}

/** admin/invoices: a month, and optionally one status. */
export class InvoiceMonthDto {
  @ApiProperty({ example: '2026-11', description: 'Mes del estudio (AAAA-MM).' })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: MONTH_MESSAGE })
  @IsString({ message: MONTH_MESSAGE })
  month!: string;

  @ApiPropertyOptional({ enum: INVOICE_STATUSES })
  @IsOptional()
  @IsIn(INVOICE_STATUSES, { message: 'El estado no es válido.' })
  status?: InvoiceStatus;
}

export class AdminInvoiceDto extends InvoiceDto {
  @ApiProperty({ type: String, nullable: true, example: 'Ana López', description: 'El cliente (null: la global).' })
  clientName!: string | null;
  @ApiProperty({
    example: false,
    description: 'La compra se reembolsó o tuvo contracargo: hay que cancelar la factura.',
  })
  purchaseRefunded!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Plan Ocho Clases (8 clases de Pilates Reformer)',
    description: 'Lo que se compró (null: la global).',
  })
  purchaseDescription!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-11-23T18:00:00.000Z',
    description: 'Cuándo se aprobó el pago de la compra (null: la global).',
  })
  purchaseApprovedAt!: string | null;
  @ApiProperty({
    example: 0,
    description: 'Intentos de timbrado hechos (pendiente con intentos: se está reintentando).',
  })
  attempts!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-11-23T18:04:00.000Z',
    description: 'Cuándo será el siguiente intento (solo si está pendiente).',
  })
  nextAttemptAt!: string | null;
}

export class AdminInvoicesResponseDto {
  @ApiProperty({ example: true })
  success!: true;
  @ApiProperty({ type: [AdminInvoiceDto] })
  invoices!: AdminInvoiceDto[];
}

/** admin/invoices/of-purchases: the invoices of a page of purchases of one kind (the gift cards' list). */
export class PurchaseInvoicesDto {
  @ApiProperty({ enum: INVOICEABLE_KINDS, example: 'gift_card' })
  @IsIn(INVOICEABLE_KINDS, { message: 'El tipo de compra no es válido.' })
  kind!: InvoiceableKind;

  @ApiProperty({ type: [Number], example: [3, 4], description: 'Hasta 500 compras.' })
  @IsArray({ message: 'Las compras no son válidas.' })
  @ArrayMaxSize(500, { message: 'Son demasiadas compras a la vez (hasta 500).' })
  @Type(() => Number)
  @IsInt({ each: true, message: 'Las compras no son válidas.' })
  @Min(1, { each: true, message: 'Las compras no son válidas.' })
  purchaseIds!: number[];
}

export class UserInvoicesDto {
  @ApiProperty({ example: 12, description: 'El cliente.' })
  @Type(() => Number)
  @IsInt({ message: 'El usuario no es válido.' })
  @Min(1, { message: 'El usuario no es válido.' })
  userId!: number;
}

export class InvoiceIdDto {
  @ApiProperty({ example: 7 })
  @Type(() => Number)
  @IsInt({ message: 'La factura no es válida.' })
  @Min(1, { message: 'La factura no es válida.' })
  id!: number;
}

export class CancelInvoiceDto extends InvoiceIdDto {
  @ApiPropertyOptional({
    enum: ['02', '03'],
    default: '02',
    description:
      '02: errores sin relación; 03: no se llevó a cabo. El 01 (errores con relación) lo pone invoices/substitute al timbrar la sustituta.',
  })
  @IsOptional()
  @IsIn(['02', '03'], {
    message: 'El motivo de cancelación debe ser 02 o 03. Para corregir datos usa «Sustituir factura» (motivo 01).',
  })
  motive?: '02' | '03';
}

/** admin/invoices/substitute: the invoice and the corrected data (the form of "Datos de facturación" without its choice). */
export class SubstituteInvoiceDto extends IntersectionType(InvoiceIdDto, OmitType(FiscalDataDto, ['autoInvoice'])) {}

export class GlobalPurchaseDto {
  @ApiProperty({ enum: INVOICEABLE_KINDS })
  kind!: InvoiceableKind;
  @ApiProperty({ example: 12 })
  id!: number;
  @ApiProperty({ example: 'Plan Ocho Clases (8 clases de Pilates Reformer)' })
  description!: string;
  @ApiProperty({ example: 120000 })
  totalCents!: number;
  @ApiProperty({ example: '04' })
  paymentForm!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-23T18:00:00.000Z' })
  approvedAt!: string | null;
}

export class GlobalInvoicePreviewResponseDto {
  @ApiProperty({ example: true })
  success!: true;
  @ApiProperty({ example: '2026-11' })
  month!: string;
  @ApiProperty({ example: 360000, description: 'Suma de las compras sin factura propia, con IVA, centavos.' })
  totalCents!: number;
  @ApiProperty({ type: [GlobalPurchaseDto] })
  purchases!: GlobalPurchaseDto[];
  @ApiProperty({ type: InvoiceDto, nullable: true, description: 'La factura global ya creada, o null.' })
  invoice!: InvoiceDto | null;
}
