import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Clearable } from '../../core/dto/null-fields';
import { IsVisibleText, NormalizeText } from '../../core/dto/text';
import { Trim } from '../../core/dto/transforms';
import { MAX_ID } from '../../core/dto/validators';
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
  @Max(MAX_ID, { message: SPOT_MESSAGE })
  @Min(1, { message: SPOT_MESSAGE })
  @IsInt({ message: SPOT_MESSAGE })
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
  @Max(MAX_ID, { message: SPOT_MESSAGE })
  @Min(1, { message: SPOT_MESSAGE })
  @IsInt({ message: SPOT_MESSAGE })
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
  @Max(MAX_ID, { message: SPOT_MESSAGE })
  @Min(1, { message: SPOT_MESSAGE })
  @IsInt({ message: SPOT_MESSAGE })
  spot!: number | null;
}

export class FavouriteSpotResponseDto extends SalaMessageResponseDto {
  @ApiProperty({ type: SpotRefDto, nullable: true })
  favouriteSpot!: SpotRefDto | null;
}
