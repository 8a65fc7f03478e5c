import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';
import { Trim } from '../../core/dto/transforms';
import { IsDateOnly, IsOnOrAfter, IsRowId, MAX_ID } from '../../core/dto/validators';
import { PROMO_KINDS, type PromoKind } from '../entities/promo-code.entity';

const CODE_MESSAGE = 'El código debe tener de 3 a 30 letras y números, sin espacios ni acentos';
const KIND_MESSAGE = 'Elige un descuento en porcentaje o en pesos';
const PERCENT_MESSAGE = 'El porcentaje debe ser un número entero entre 1 y 100';
const PESOS_MESSAGE = 'El descuento en pesos debe ser mayor que 0, con hasta dos decimales, y hasta $100,000';
const END_BEFORE_START = 'La fecha de fin debe ser igual o posterior a la de inicio';
const MAX_USES_MESSAGE = 'Los usos totales deben ser un número entero entre 1 y 100,000';
const MAX_PER_CLIENT_MESSAGE = 'Los usos por cliente deben ser un número entero entre 1 y 100';
const PLANS_MESSAGE = 'Los planes no son válidos';
const NEW_CLIENTS_MESSAGE = 'Indica si el código es solo para clientes nuevos (sí o no)';
const ACTIVE_MESSAGE = 'Indica si el código está activo (sí o no)';

/** A percent 1–100 when `kind` is percent; pesos (> 0, two decimals, up to $100,000) when fixed. */
function IsPromoValue(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isPromoValue',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          if (typeof value !== 'number' || !Number.isFinite(value)) return false;
          if ((args.object as { kind?: unknown }).kind === 'percent') {
            return Number.isInteger(value) && value >= 1 && value <= 100;
          }
          return value > 0 && value <= 100_000 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
        },
        defaultMessage: (args?: ValidationArguments) =>
          (args?.object as { kind?: unknown } | undefined)?.kind === 'percent' ? PERCENT_MESSAGE : PESOS_MESSAGE,
      },
    });
}

// class-validator runs a field's decorators bottom-up and the global pipe stops at the first
// failure, so each field's "required" rule is written last.

/** admin/promo-codes/add. */
export class AddPromoCodeDto {
  @ApiProperty({ example: 'BUENFIN', description: 'Letras y números, 3 a 30; se guarda en mayúsculas.' })
  @Matches(/^[A-Za-z0-9]{3,30}$/, { message: CODE_MESSAGE })
  @IsString({ message: CODE_MESSAGE })
  @Trim()
  @IsNotEmpty({ message: 'El código es obligatorio' })
  code!: string;

  @ApiProperty({ enum: PROMO_KINDS, description: 'percent: un porcentaje del precio; fixed: pesos de descuento.' })
  @IsIn(PROMO_KINDS, { message: KIND_MESSAGE })
  @IsNotEmpty({ message: KIND_MESSAGE })
  kind!: PromoKind;

  @ApiProperty({ example: 15, description: 'Un porcentaje 1–100 (percent) o pesos (fixed).' })
  @IsPromoValue()
  @IsNotEmpty({ message: 'El descuento es obligatorio' })
  value!: number;

  @ApiProperty({ example: '2026-11-20', description: 'Primer día válido (calendario del estudio), incluido.' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'La fecha de inicio es obligatoria' })
  validFrom!: string;

  @ApiProperty({ example: '2026-11-30', description: 'Último día válido, incluido; igual o posterior a validFrom.' })
  @IsOnOrAfter('validFrom', { message: END_BEFORE_START })
  @IsDateOnly()
  @IsNotEmpty({ message: 'La fecha de fin es obligatoria' })
  validTo!: string;

  @ApiProperty({ example: 100, minimum: 1, maximum: 100_000, description: 'Usos en total.' })
  @Max(100_000, { message: MAX_USES_MESSAGE })
  @Min(1, { message: MAX_USES_MESSAGE })
  @IsInt({ message: MAX_USES_MESSAGE })
  @IsNotEmpty({ message: MAX_USES_MESSAGE })
  maxUses!: number;

  @ApiProperty({ example: 1, minimum: 1, maximum: 100, description: 'Usos por cliente.' })
  @Max(100, { message: MAX_PER_CLIENT_MESSAGE })
  @Min(1, { message: MAX_PER_CLIENT_MESSAGE })
  @IsInt({ message: MAX_PER_CLIENT_MESSAGE })
  @IsNotEmpty({ message: MAX_PER_CLIENT_MESSAGE })
  maxUsesPerClient!: number;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Los planes del catálogo a los que aplica; vacío o ausente: todos.',
  })
  @IsOptional()
  @IsInt({ each: true, message: PLANS_MESSAGE })
  @Min(1, { each: true, message: PLANS_MESSAGE })
  @Max(MAX_ID, { each: true, message: PLANS_MESSAGE })
  @ArrayMaxSize(50, { message: PLANS_MESSAGE })
  @IsArray({ message: PLANS_MESSAGE })
  planIds?: number[];

  @ApiProperty({ example: false, description: 'Solo para quien nunca ha tenido un plan.' })
  @IsBoolean({ message: NEW_CLIENTS_MESSAGE })
  @IsNotEmpty({ message: NEW_CLIENTS_MESSAGE })
  newClientsOnly!: boolean;
}

/** admin/promo-codes/change: the code, its kind and value stay; the rest may change, and `active: false` deactivates it. */
export class ChangePromoCodeDto {
  @ApiProperty({ description: 'El código a cambiar.' })
  @IsRowId('El código no es válido')
  id!: number;

  @ApiPropertyOptional({ example: '2026-11-20' })
  @IsOptional()
  @IsDateOnly()
  validFrom?: string;

  @ApiPropertyOptional({
    example: '2026-11-30',
    description: 'Igual o posterior a validFrom (el nuevo o el guardado).',
  })
  @IsOptional()
  @IsOnOrAfter('validFrom', { message: END_BEFORE_START })
  @IsDateOnly()
  validTo?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100_000 })
  @IsOptional()
  @Max(100_000, { message: MAX_USES_MESSAGE })
  @Min(1, { message: MAX_USES_MESSAGE })
  @IsInt({ message: MAX_USES_MESSAGE })
  maxUses?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @Max(100, { message: MAX_PER_CLIENT_MESSAGE })
  @Min(1, { message: MAX_PER_CLIENT_MESSAGE })
  @IsInt({ message: MAX_PER_CLIENT_MESSAGE })
  maxUsesPerClient?: number;

  @ApiPropertyOptional({ type: [Number], description: 'Vacío: todos los planes.' })
  @IsOptional()
  @IsInt({ each: true, message: PLANS_MESSAGE })
  @Min(1, { each: true, message: PLANS_MESSAGE })
  @Max(MAX_ID, { each: true, message: PLANS_MESSAGE })
  @ArrayMaxSize(50, { message: PLANS_MESSAGE })
  @IsArray({ message: PLANS_MESSAGE })
  planIds?: number[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: NEW_CLIENTS_MESSAGE })
  newClientsOnly?: boolean;

  @ApiPropertyOptional({ description: 'false: desactivado (nadie puede usarlo); true: activo de nuevo.' })
  @IsOptional()
  @IsBoolean({ message: ACTIVE_MESSAGE })
  active?: boolean;
}

export class PromoCodeDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'BUENFIN' })
  code!: string;

  @ApiProperty({ enum: PROMO_KINDS })
  kind!: PromoKind;

  @ApiProperty({ example: 15, description: 'Porcentaje (percent) o pesos (fixed).' })
  value!: number;

  @ApiProperty({ example: '2026-11-20' })
  validFrom!: string;

  @ApiProperty({ example: '2026-11-30' })
  validTo!: string;

  @ApiProperty()
  maxUses!: number;

  @ApiProperty()
  maxUsesPerClient!: number;

  @ApiProperty({ type: [Number], description: 'Vacío: todos los planes.' })
  planIds!: number[];

  @ApiProperty()
  newClientsOnly!: boolean;

  @ApiProperty()
  active!: boolean;

  @ApiProperty({ description: 'Compras aprobadas con el código.' })
  used!: number;

  @ApiProperty({ description: 'Compras abiertas que apartan un uso mientras se pueden pagar.' })
  held!: number;
}

export class PromoCodesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [PromoCodeDto], description: 'Los más nuevos primero.' })
  codes!: PromoCodeDto[];
}

export class PromoCodeResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Código guardado' })
  message!: string;

  @ApiProperty({ type: PromoCodeDto })
  promoCode!: PromoCodeDto;
}
