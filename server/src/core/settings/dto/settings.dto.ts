import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Clearable } from '../../dto/null-fields';
import { IsVisibleText, NormalizeText } from '../../dto/text';
import { NormalizeEmail, Trim } from '../../dto/transforms';
import {
  GIFT_CARD_AMOUNT_MAX_PESOS,
  GIFT_CARD_AMOUNT_MIN_PESOS,
  GIFT_CARD_AMOUNTS_MAX,
  MAX_REMINDER_HOURS,
} from '../studio-settings';

/** A whole number from `min` to `max`, refused with `message` (absurd and negative values alike). */
const WholeNumber = (min: number, max: number, message: string) =>
  applyDecorators(Max(max, { message }), Min(min, { message }), IsInt({ message }));

/** Each element a whole number from `min` to `max`. */
const WholeNumberEach = (min: number, max: number, message: string) =>
  applyDecorators(Max(max, { each: true, message }), Min(min, { each: true, message }), IsInt({ each: true, message }));

const YesNo = (message: string) => IsBoolean({ message });

/** One line of text shown on the site: visible characters, at most `max`. */
const Lines = (maxLines: number, minLines: number, message: string) =>
  applyDecorators(
    // Each line trimmed, blank lines dropped: the form sends a textarea's lines as typed.
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value)
        ? value.map((line) => (typeof line === 'string' ? line.trim() : line)).filter((line) => line !== '')
        : value,
    ),
    IsVisibleText({ each: true, message }),
    MaxLength(120, { each: true, message }),
    IsNotEmpty({ each: true, message }),
    IsString({ each: true, message }),
    ArrayMaxSize(maxLines, { message }),
    ArrayMinSize(minLines, { message }),
    IsArray({ message }),
  );

const HTTPS_URL = /^https:\/\/[^\s/$.?#][^\s]*$/;

export const SETTINGS_MESSAGES = {
  cancelHours: 'Las horas para cancelar sin costo deben ser un número entero entre 0 y 168 (una semana).',
  waitlistMax: 'El tamaño de la lista de espera debe ser un número entero entre 1 y 100.',
  waitlistCutoffHours: 'El cierre de la lista de espera debe ser un número entero de horas entre 0 y 168.',
  waitlistGraceMinutes: 'Los minutos de gracia deben ser un número entero entre 0 y 1440 (un día).',
  lateCancelReleases: 'Indica si se permite liberar el lugar después del límite (sí o no).',
  autoNoShows: 'Indica si las inasistencias se marcan automáticamente (sí o no).',
  strikeRule: 'La regla de penalización no es válida.',
  strikeEnabled: 'Indica si la regla de penalización está activa (sí o no).',
  strikeCount: 'El número de faltas debe ser un número entero entre 1 y 20.',
  strikeDays: 'El periodo debe ser un número entero de días entre 1 y 365.',
  strikeBlockDays: 'El bloqueo debe ser un número entero de días entre 1 y 365.',
  reminderHours: `El recordatorio debe salir entre 1 y ${MAX_REMINDER_HOURS} horas antes de la clase (número entero).`,
  secondReminderHours: `El segundo recordatorio debe salir entre 1 y ${MAX_REMINDER_HOURS - 1} horas antes de la clase (número entero), o quedar vacío.`,
  contact: 'Los datos de contacto no son válidos.',
  address: 'La dirección debe tener de 1 a 4 líneas de hasta 120 caracteres.',
  phone: 'El teléfono debe tener solo números, espacios, guiones, paréntesis o +, hasta 30 caracteres.',
  email: 'El correo del estudio no es válido (por ejemplo hola@miestudio.mx).',
  whatsapp: 'El WhatsApp debe ser la clave del país y el número, solo dígitos (de 10 a 15), por ejemplo 527221234567.',
  instagram: 'El Instagram debe ser la dirección de la página, empezando con https://',
  mapUrl: 'El mapa debe ser una dirección que empiece con https:// (Google Maps → Compartir → Insertar un mapa).',
  openingHours: 'El horario debe tener hasta 7 líneas de hasta 120 caracteres.',
  giftCardAmounts: `Los montos de las tarjetas de regalo deben ser de 1 a ${GIFT_CARD_AMOUNTS_MAX}, en pesos enteros, cada uno de $${GIFT_CARD_AMOUNT_MIN_PESOS} a $${GIFT_CARD_AMOUNT_MAX_PESOS.toLocaleString('en-US')}.`,
  giftCardAmountsRepeated: 'Los montos de las tarjetas de regalo no deben repetirse.',
  giftCardPlanPrices: 'Indica si las tarjetas de regalo pueden ser también del precio de cada plan (sí o no).',
  invoiceProductKey: 'La clave de producto o servicio del SAT son 8 dígitos (por ejemplo 01010101).',
  invoiceUnitKey: 'La clave de unidad del SAT son 2 o 3 letras o números (por ejemplo E48).',
  invoiceSeries: 'La serie de las facturas son de 1 a 25 letras o números.',
  invoiceZip: 'El código postal del estudio son 5 dígitos.',
  invoiceGraceDays:
    'Los días extra para pedir factura deben ser un número entero entre 0 y 2 (el SAT da 72 horas para la factura global).',
  invoiceDescription:
    'La descripción en la factura debe tener de 1 a 200 caracteres visibles (sin caracteres invisibles ni saltos de línea).',
  membershipGraceDays:
    'Los días de gracia de una membresía con pago pendiente deben ser un número entero entre 0 y 30.',
  membershipPauseMaxDaysPerYear: 'Los días de pausa al año deben ser un número entero entre 0 y 90.',
  membershipDailyLimit: 'Las clases por día de una membresía ilimitada deben ser un número entero entre 1 y 3.',
} as const;

export class StrikeRuleDto {
  @ApiProperty({ example: false, description: 'La regla está activa.' })
  enabled!: boolean;

  @ApiProperty({ example: 3, description: 'Faltas (inasistencias o cancelaciones tardías) que bloquean.' })
  count!: number;

  @ApiProperty({ example: 30, description: 'En cuántos días se cuentan las faltas.' })
  days!: number;

  @ApiProperty({ example: 7, description: 'Cuántos días queda bloqueada la reserva en línea.' })
  blockDays!: number;
}

export class StudioContactDto {
  @ApiProperty({ type: [String], example: ['Av. Leona Vicario 1020, local 4', 'Metepec, Estado de México'] })
  address!: string[];

  @ApiProperty({ example: '722 123 4567' })
  phone!: string;

  @ApiProperty({
    example: 'hola@estudiopilatesreformer.mx',
    description: 'Adonde llegan las respuestas a los correos del estudio.',
  })
  email!: string;

  @ApiProperty({ example: '527221234567', description: 'Clave del país y número, solo dígitos (wa.me).' })
  whatsapp!: string;

  @ApiProperty({ example: 'https://www.instagram.com/estudiopilatesreformer/' })
  instagram!: string;

  @ApiProperty({ description: 'La dirección del mapa insertado (Google Maps, «Insertar un mapa»).' })
  mapUrl!: string;

  @ApiProperty({
    type: [String],
    example: ['Lunes a viernes: 7:00 AM – 9:00 PM'],
    description: 'Vacío: no se muestra.',
  })
  openingHours!: string[];
}

/** Every setting of the "Ajustes" page. */
export class SettingsDto {
  @ApiProperty({ example: 12, description: 'Cancelar sin costo hasta estas horas antes de la clase.' })
  cancelHours!: number;

  @ApiProperty({ example: 10 })
  waitlistMax!: number;

  @ApiProperty({ example: 2, description: 'La lista de espera cierra estas horas antes de la clase.' })
  waitlistCutoffHours!: number;

  @ApiProperty({
    example: 60,
    description: 'Quien entra desde la lista después del límite puede cancelar estos minutos.',
  })
  waitlistGraceMinutes!: number;

  @ApiProperty({ example: true, description: '«Liberar lugar» después del límite (la clase no se devuelve).' })
  lateCancelReleases!: boolean;

  @ApiProperty({ example: true, description: 'Marcar inasistencias automáticamente al final del día.' })
  autoNoShows!: boolean;

  @ApiProperty({ type: StrikeRuleDto })
  strikeRule!: StrikeRuleDto;

  @ApiProperty({ example: 24, description: 'El recordatorio sale estas horas antes de la clase.' })
  reminderHours!: number;

  @ApiProperty({ type: Number, nullable: true, example: null, description: 'Segundo recordatorio; null: solo uno.' })
  secondReminderHours!: number | null;

  @ApiProperty({ type: StudioContactDto })
  contact!: StudioContactDto;

  @ApiProperty({
    type: [Number],
    example: [500, 800, 1000, 1500, 2000, 3000],
    description: 'Montos de las tarjetas de regalo, en pesos enteros, de menor a mayor.',
  })
  giftCardAmounts!: number[];

  @ApiProperty({ example: true, description: 'Las tarjetas de regalo pueden ser también del precio de cada plan.' })
  giftCardPlanPrices!: boolean;

  @ApiProperty({
    example: '01010101',
    description: 'Facturas: clave de producto o servicio del SAT (c_ClaveProdServ).',
  })
  invoiceProductKey!: string;

  @ApiProperty({ example: 'E48', description: 'Facturas: clave de unidad del SAT (E48: unidad de servicio).' })
  invoiceUnitKey!: string;

  @ApiProperty({ example: 'F', description: 'Facturas: serie.' })
  invoiceSeries!: string;

  @ApiProperty({ example: '52140', description: 'Facturas: código postal del estudio (lugar de expedición).' })
  invoiceZip!: string;

  @ApiProperty({
    example: 0,
    description: 'Facturas: días del mes siguiente en que aún se puede pedir factura (0: solo el mes del pago).',
  })
  invoiceGraceDays!: number;

  @ApiProperty({
    example: 'Clases de Pilates Reformer',
    description:
      'Facturas: concepto de la factura individual; el renglón dice «<concepto> · <lo comprado>» (la factura global dice «Venta <referencia>»).',
  })
  invoiceDescription!: string;

  @ApiProperty({
    example: 7,
    description: 'Membresías: días que una membresía con pago pendiente aún puede reservar clases nuevas.',
  })
  membershipGraceDays!: number;

  @ApiProperty({ example: 30, description: 'Membresías: días de pausa que un cliente puede tomar por año.' })
  membershipPauseMaxDaysPerYear!: number;

  @ApiProperty({ example: 1, description: 'Membresías ilimitadas: clases que se pueden reservar por día.' })
  membershipDailyLimit!: number;
}

export class SettingsResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: SettingsDto })
  settings!: SettingsDto;

  @ApiProperty({ type: [String], description: 'Valores permitidos pero dudosos, en español.' })
  warnings!: string[];
}

export class ChangeSettingsResponseDto extends SettingsResponseDto {
  @ApiProperty({ example: 'Ajustes guardados.' })
  message!: string;
}

export class ChangeStrikeRuleDto {
  @ApiPropertyOptional()
  @IsOptional()
  @YesNo(SETTINGS_MESSAGES.strikeEnabled)
  enabled?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: 20 })
  @IsOptional()
  @WholeNumber(1, 20, SETTINGS_MESSAGES.strikeCount)
  count?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 365 })
  @IsOptional()
  @WholeNumber(1, 365, SETTINGS_MESSAGES.strikeDays)
  days?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 365 })
  @IsOptional()
  @WholeNumber(1, 365, SETTINGS_MESSAGES.strikeBlockDays)
  blockDays?: number;
}

export class ChangeContactDto {
  @ApiPropertyOptional({ type: [String], minItems: 1, maxItems: 4 })
  @IsOptional()
  @Lines(4, 1, SETTINGS_MESSAGES.address)
  address?: string[];

  @ApiPropertyOptional({ maxLength: 30 })
  @IsOptional()
  @Trim()
  @Matches(/^\+?[\d\s()-]{7,30}$/, { message: SETTINGS_MESSAGES.phone })
  @IsString({ message: SETTINGS_MESSAGES.phone })
  phone?: string;

  @ApiPropertyOptional({ maxLength: 254, example: 'hola@estudiopilatesreformer.mx' })
  @IsOptional()
  @NormalizeEmail()
  @MaxLength(254, { message: SETTINGS_MESSAGES.email })
  @IsEmail({}, { message: SETTINGS_MESSAGES.email })
  @IsString({ message: SETTINGS_MESSAGES.email })
  email?: string;

  @ApiPropertyOptional({ pattern: '^\\d{10,15}$' })
  @IsOptional()
  @Trim()
  @Matches(/^\d{10,15}$/, { message: SETTINGS_MESSAGES.whatsapp })
  @IsString({ message: SETTINGS_MESSAGES.whatsapp })
  whatsapp?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Trim()
  @MaxLength(200, { message: SETTINGS_MESSAGES.instagram })
  @Matches(HTTPS_URL, { message: SETTINGS_MESSAGES.instagram })
  @IsString({ message: SETTINGS_MESSAGES.instagram })
  instagram?: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @Trim()
  @MaxLength(1000, { message: SETTINGS_MESSAGES.mapUrl })
  @Matches(HTTPS_URL, { message: SETTINGS_MESSAGES.mapUrl })
  @IsString({ message: SETTINGS_MESSAGES.mapUrl })
  mapUrl?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 7 })
  @IsOptional()
  @Lines(7, 0, SETTINGS_MESSAGES.openingHours)
  openingHours?: string[];
}

/** change: only the settings to change (camelCase); nested ones in part. */
export class ChangeSettingsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 168 })
  @IsOptional()
  @WholeNumber(0, 168, SETTINGS_MESSAGES.cancelHours)
  cancelHours?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @WholeNumber(1, 100, SETTINGS_MESSAGES.waitlistMax)
  waitlistMax?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 168 })
  @IsOptional()
  @WholeNumber(0, 168, SETTINGS_MESSAGES.waitlistCutoffHours)
  waitlistCutoffHours?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1440 })
  @IsOptional()
  @WholeNumber(0, 1440, SETTINGS_MESSAGES.waitlistGraceMinutes)
  waitlistGraceMinutes?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @YesNo(SETTINGS_MESSAGES.lateCancelReleases)
  lateCancelReleases?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @YesNo(SETTINGS_MESSAGES.autoNoShows)
  autoNoShows?: boolean;

  @ApiPropertyOptional({ type: ChangeStrikeRuleDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ChangeStrikeRuleDto)
  @IsObject({ message: SETTINGS_MESSAGES.strikeRule })
  strikeRule?: ChangeStrikeRuleDto;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_REMINDER_HOURS })
  @IsOptional()
  @WholeNumber(1, MAX_REMINDER_HOURS, SETTINGS_MESSAGES.reminderHours)
  reminderHours?: number;

  @Clearable()
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: MAX_REMINDER_HOURS - 1 })
  @WholeNumber(1, MAX_REMINDER_HOURS - 1, SETTINGS_MESSAGES.secondReminderHours)
  secondReminderHours?: number | null;

  @ApiPropertyOptional({ type: ChangeContactDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ChangeContactDto)
  @IsObject({ message: SETTINGS_MESSAGES.contact })
  contact?: ChangeContactDto;

  @ApiPropertyOptional({
    type: [Number],
    minItems: 1,
    maxItems: GIFT_CARD_AMOUNTS_MAX,
    uniqueItems: true,
    description: `Pesos enteros, cada uno de ${GIFT_CARD_AMOUNT_MIN_PESOS} a ${GIFT_CARD_AMOUNT_MAX_PESOS}, sin repetir; se guardan de menor a mayor.`,
  })
  @IsOptional()
  @ArrayUnique({ message: SETTINGS_MESSAGES.giftCardAmountsRepeated })
  @WholeNumberEach(GIFT_CARD_AMOUNT_MIN_PESOS, GIFT_CARD_AMOUNT_MAX_PESOS, SETTINGS_MESSAGES.giftCardAmounts)
  @ArrayMaxSize(GIFT_CARD_AMOUNTS_MAX, { message: SETTINGS_MESSAGES.giftCardAmounts })
  @ArrayMinSize(1, { message: SETTINGS_MESSAGES.giftCardAmounts })
  @IsArray({ message: SETTINGS_MESSAGES.giftCardAmounts })
  giftCardAmounts?: number[];

  @ApiPropertyOptional()
  @IsOptional()
  @YesNo(SETTINGS_MESSAGES.giftCardPlanPrices)
  giftCardPlanPrices?: boolean;

  @ApiPropertyOptional({ example: '01010101', pattern: '^\\d{8}$' })
  @IsOptional()
  @Matches(/^\d{8}$/, { message: SETTINGS_MESSAGES.invoiceProductKey })
  @IsString({ message: SETTINGS_MESSAGES.invoiceProductKey })
  invoiceProductKey?: string;

  @ApiPropertyOptional({ example: 'E48', pattern: '^[A-Z0-9]{2,3}$' })
  @IsOptional()
  @Matches(/^[A-Z0-9]{2,3}$/, { message: SETTINGS_MESSAGES.invoiceUnitKey })
  @IsString({ message: SETTINGS_MESSAGES.invoiceUnitKey })
  invoiceUnitKey?: string;

  @ApiPropertyOptional({ example: 'F', pattern: '^[A-Za-z0-9]{1,25}$' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9]{1,25}$/, { message: SETTINGS_MESSAGES.invoiceSeries })
  @IsString({ message: SETTINGS_MESSAGES.invoiceSeries })
  invoiceSeries?: string;

  @ApiPropertyOptional({ example: '52140', pattern: '^\\d{5}$' })
  @IsOptional()
  @Matches(/^\d{5}$/, { message: SETTINGS_MESSAGES.invoiceZip })
  @IsString({ message: SETTINGS_MESSAGES.invoiceZip })
  invoiceZip?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 2 })
  @IsOptional()
  @WholeNumber(0, 2, SETTINGS_MESSAGES.invoiceGraceDays)
  invoiceGraceDays?: number;

  @ApiPropertyOptional({ example: 'Clases de Pilates Reformer', minLength: 1, maxLength: 200 })
  @IsOptional()
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: SETTINGS_MESSAGES.invoiceDescription })
  @MaxLength(200, { message: SETTINGS_MESSAGES.invoiceDescription })
  @IsNotEmpty({ message: SETTINGS_MESSAGES.invoiceDescription })
  @IsString({ message: SETTINGS_MESSAGES.invoiceDescription })
  invoiceDescription?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 30 })
  @IsOptional()
  @WholeNumber(0, 30, SETTINGS_MESSAGES.membershipGraceDays)
  membershipGraceDays?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 90 })
  @IsOptional()
  @WholeNumber(0, 90, SETTINGS_MESSAGES.membershipPauseMaxDaysPerYear)
  membershipPauseMaxDaysPerYear?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 3 })
  @IsOptional()
  @WholeNumber(1, 3, SETTINGS_MESSAGES.membershipDailyLimit)
  membershipDailyLimit?: number;
}
