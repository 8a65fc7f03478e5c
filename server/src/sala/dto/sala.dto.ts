import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Clearable } from '../../core/dto/null-fields';
import { IsVisibleText, NormalizeText } from '../../core/dto/text';
import { Trim } from '../../core/dto/transforms';
import { IsDateOnly, IsOnOrAfter, WithinDaysOf, IsRowId } from '../../core/dto/validators';
import { GRID_MAX } from '../room-layout';

const ROW_MESSAGE = `La fila debe ser un número entero entre 0 y ${GRID_MAX}`;
const COLUMN_MESSAGE = `La columna debe ser un número entero entre 0 y ${GRID_MAX}`;

/** A row or column of the room's grid: a whole number from 0 to GRID_MAX, refused with `message`. */
const GridIndex = (message: string) =>
  applyDecorators(Max(GRID_MAX, { message }), Min(0, { message }), IsInt({ message }));
const LABEL_MESSAGE = 'El nombre del reformer no es válido';
const SPOT_MESSAGE = 'El reformer no es válido';

/** A reformer as a booking names it. */
export class SpotRefDto {
  @ApiProperty({ example: 4 })
  id!: number;

  @ApiProperty({ example: 'Reformer 4' })
  label!: string;
}

/** A reformer on the room's grid (row 0 is the front, where the instructor usually stands). */
export class SpotDto extends SpotRefDto {
  @ApiProperty({ example: 1, minimum: 0, maximum: GRID_MAX })
  row!: number;

  @ApiProperty({ example: 3, minimum: 0, maximum: GRID_MAX })
  column!: number;
}

export class RetiredSpotDto extends SpotDto {
  @ApiProperty({ description: 'Cuándo se retiró (ISO 8601).' })
  retiredAt!: string;
}

export class CellDto {
  @ApiProperty({ example: 0, minimum: 0, maximum: GRID_MAX })
  @GridIndex(ROW_MESSAGE)
  row!: number;

  @ApiProperty({ example: 1, minimum: 0, maximum: GRID_MAX })
  @GridIndex(COLUMN_MESSAGE)
  column!: number;
}

export class SalaResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({
    type: [SpotDto],
    description: 'Los reformers en servicio, de adelante hacia atrás y de izquierda a derecha.',
  })
  spots!: SpotDto[];

  @ApiProperty({ type: CellDto, description: 'Dónde está el instructor.' })
  instructor!: CellDto;
}

export class AdminSalaResponseDto extends SalaResponseDto {
  @ApiProperty({ type: [RetiredSpotDto], description: 'Los reformers retirados, el más reciente primero.' })
  retired!: RetiredSpotDto[];

  @ApiProperty({
    type: () => [OutageRangeDto],
    description: 'Los periodos fuera de servicio en curso o por venir, el que empieza antes primero.',
  })
  outages!: OutageRangeDto[];
}

export class AddSpotDto extends CellDto {
  @ApiProperty({ example: 'Reformer 9', maxLength: 40 })
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: 'El nombre del reformer no puede tener caracteres invisibles ni de control.' })
  @MaxLength(40, { message: 'El nombre del reformer no puede tener más de 40 caracteres' })
  @IsNotEmpty({ message: 'El nombre del reformer es obligatorio' })
  @IsString({ message: LABEL_MESSAGE })
  label!: string;
}

/** Rename or move: every field but the id is optional. */
export class UpdateSpotDto {
  @ApiProperty({ example: 4 })
  @IsRowId(SPOT_MESSAGE)
  id!: number;

  @ApiPropertyOptional({ example: 'Junto a la ventana', maxLength: 40 })
  @IsOptional()
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: 'El nombre del reformer no puede tener caracteres invisibles ni de control.' })
  @MaxLength(40, { message: 'El nombre del reformer no puede tener más de 40 caracteres' })
  @IsNotEmpty({ message: 'El nombre del reformer es obligatorio' })
  @IsString({ message: LABEL_MESSAGE })
  label?: string;

  @ApiPropertyOptional({ example: 1, minimum: 0, maximum: GRID_MAX })
  @IsOptional()
  @GridIndex(ROW_MESSAGE)
  row?: number;

  @ApiPropertyOptional({ example: 3, minimum: 0, maximum: GRID_MAX })
  @IsOptional()
  @GridIndex(COLUMN_MESSAGE)
  column?: number;
}

export class SpotIdDto {
  @ApiProperty({ example: 4 })
  @IsRowId(SPOT_MESSAGE)
  id!: number;
}

export class SpotResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Reformer agregado a la sala.' })
  message!: string;

  @ApiProperty({ type: SpotDto })
  spot!: SpotDto;
}

export class SalaMessageResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Reformer retirado de la sala.' })
  message!: string;
}

export class InstructorResponseDto extends SalaMessageResponseDto {
  @ApiProperty({ type: CellDto })
  instructor!: CellDto;
}

/** The caller's favourite reformer; null clears it. */
export class FavouriteSpotDto {
  @ApiProperty({ type: Number, nullable: true, example: 4, description: 'null (o sin él): sin favorito.' })
  @Clearable()
  @IsRowId(SPOT_MESSAGE)
  spot!: number | null;
}

export class FavouriteSpotResponseDto extends SalaMessageResponseDto {
  @ApiProperty({ type: SpotRefDto, nullable: true })
  favouriteSpot!: SpotRefDto | null;
}

/** The longest out-of-service range, in days (both ends included): a year, leap or not. */
export const MAX_OUTAGE_DAYS = 366;
/** A reformer out of service from one studio day to another (both included), and why. */
export class OutageDto {
  @ApiProperty({ example: 4, description: 'El reformer.' })
  @IsRowId(SPOT_MESSAGE)
  spot!: number;

  @ApiProperty({ example: '2026-11-30', description: 'Primer día fuera de servicio (YYYY-MM-DD, hoy o después).' })
  @IsDateOnly({ message: 'La fecha de inicio no es válida (AAAA-MM-DD).' })
  from!: string;

  @ApiProperty({ example: '2026-12-04', description: 'Último día fuera de servicio, incluido (YYYY-MM-DD).' })
  @WithinDaysOf('from', MAX_OUTAGE_DAYS, { message: `El periodo no puede pasar de ${MAX_OUTAGE_DAYS} días.` })
  @IsOnOrAfter('from', { message: 'La fecha de término debe ser igual o posterior a la de inicio.' })
  @IsDateOnly({ message: 'La fecha de término no es válida (AAAA-MM-DD).' })
  to!: string;

  @ApiProperty({ example: 'Resorte en reparación', minLength: 1, maxLength: 120 })
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: 'El motivo no puede tener caracteres invisibles ni de control.' })
  @MaxLength(120, { message: 'El motivo no puede tener más de 120 caracteres' })
  @IsNotEmpty({ message: 'El motivo es obligatorio' })
  @IsString({ message: 'El motivo no es válido' })
  reason!: string;
}

export class OutageIdDto {
  @ApiProperty({ example: 3, description: 'El periodo fuera de servicio.' })
  @IsRowId('El periodo no es válido')
  id!: number;
}

/** A reformer out of service over a range of studio days. */
export class OutageRangeDto {
  @ApiProperty({ example: 3 })
  id!: number;

  @ApiProperty({ type: SpotRefDto })
  spot!: SpotRefDto;

  @ApiProperty({ example: '2026-11-30', description: 'Primer día (YYYY-MM-DD).' })
  from!: string;

  @ApiProperty({ example: '2026-12-04', description: 'Último día, incluido (YYYY-MM-DD).' })
  to!: string;

  @ApiProperty({ example: 'Resorte en reparación' })
  reason!: string;
}

/** A client's booking in a class that an out-of-service range falls on. */
class OutageBookingDto {
  @ApiProperty({ example: 120 })
  reservationId!: number;

  @ApiProperty({ example: 'Ana Pérez' })
  name!: string;

  @ApiProperty({ example: '2026-11-30' })
  date!: string;

  @ApiProperty({ example: '7:00 AM' })
  time!: string;
}

/** A client moved to another reformer of the same class. */
export class OutageMoveDto extends OutageBookingDto {
  @ApiProperty({ example: 'Reformer 4', description: 'El reformer que tenía.' })
  from!: string;

  @ApiProperty({ example: 'Reformer 6', description: 'El reformer que tendrá.' })
  to!: string;
}

/** A client left without a free reformer: their reservation is cancelled and the class goes back to their plan. */
export class OutageStrandedDto extends OutageBookingDto {}

export class OutagePreviewResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({
    type: [OutageMoveDto],
    description: 'Quiénes pasarían a otro reformer, la clase más próxima primero.',
  })
  moves!: OutageMoveDto[];

  @ApiProperty({
    type: [OutageStrandedDto],
    description: 'Quiénes quedarían sin reformer: su reserva se cancelaría y la clase volvería a su plan.',
  })
  stranded!: OutageStrandedDto[];
}

export class OutageResponseDto extends OutagePreviewResponseDto {
  @ApiProperty({ example: 'Reformer 4 queda fuera de servicio.' })
  message!: string;

  @ApiProperty({ type: OutageRangeDto })
  outage!: OutageRangeDto;
}
