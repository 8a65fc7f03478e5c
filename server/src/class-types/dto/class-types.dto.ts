import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsVisibleText, NormalizeText } from '../../core/dto/text';
import { Trim } from '../../core/dto/transforms';
import { IsRowId } from '../../core/dto/validators';
import {
  CLASS_TYPE_COLOURS,
  CLASS_TYPE_DESCRIPTION_MAX,
  CLASS_TYPE_DURATION_MAX,
  CLASS_TYPE_DURATION_MIN,
  CLASS_TYPE_LEVELS,
  CLASS_TYPE_NAME_MAX,
  type ClassTypeLevel,
} from '../class-type-palette';

const NAME_MESSAGE = `El nombre del tipo de clase debe tener entre 1 y ${CLASS_TYPE_NAME_MAX} caracteres`;
const CHARACTERS_MESSAGE =
  'El texto no puede tener caracteres invisibles, de control ni que cambien la dirección del texto.';
const LEVEL_MESSAGE = 'El nivel debe ser Básico, Intermedio, Avanzado o Prenatal';
const DESCRIPTION_MESSAGE = `La descripción no puede tener más de ${CLASS_TYPE_DESCRIPTION_MAX} caracteres`;
const DURATION_MESSAGE = `La duración debe ser un número entero de minutos entre ${CLASS_TYPE_DURATION_MIN} y ${CLASS_TYPE_DURATION_MAX}`;
const COLOUR_MESSAGE = 'Elige uno de los colores de la lista';
const ORDER_MESSAGE = 'El orden debe ser un número entero entre 0 y 999';
const ACTIVE_MESSAGE = 'Activo debe ser verdadero o falso';

/** What the booking page shows of a class's type: its name, level and colour mark. */
export class ClassTypeSummaryDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Pilates Reformer' })
  name!: string;

  @ApiProperty({ enum: CLASS_TYPE_LEVELS, example: 'basico' })
  level!: ClassTypeLevel;

  @ApiProperty({ example: 'Básico', description: 'El nivel como lo muestra el sitio.' })
  levelName!: string;

  @ApiProperty({ example: '#1d4ed8', description: 'Color de la marca, #rrggbb.' })
  colour!: string;
}

/** A type as the booking page's filter and the public list show it. */
export class PublicClassTypeDto extends ClassTypeSummaryDto {
  @ApiProperty({ example: 'Clase en reformer para todos los niveles.' })
  description!: string;

  @ApiProperty({ example: 50 })
  durationMinutes!: number;
}

/** A type as the admin's "Tipos de clase" lists it. */
export class ClassTypeDto extends PublicClassTypeDto {
  @ApiProperty({ description: 'Inactivo: no se elige para clases nuevas ni aparece en el filtro.' })
  active!: boolean;

  @ApiProperty({ example: 0 })
  sortOrder!: number;
}

export class ClassTypesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [ClassTypeDto] })
  tiposDeClase!: ClassTypeDto[];
}

export class PublicClassTypesResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [PublicClassTypeDto] })
  tiposDeClase!: PublicClassTypeDto[];
}

export class ClassTypeResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Tipo de clase guardado' })
  message!: string;

  @ApiProperty({ type: ClassTypeDto })
  tipoDeClase!: ClassTypeDto;
}

export class AddClassTypeDto {
  @ApiProperty({ example: 'Prenatal', maxLength: CLASS_TYPE_NAME_MAX })
  @IsVisibleText({ message: CHARACTERS_MESSAGE })
  @MaxLength(CLASS_TYPE_NAME_MAX, { message: NAME_MESSAGE })
  @IsNotEmpty({ message: NAME_MESSAGE })
  @IsString({ message: NAME_MESSAGE })
  @Trim()
  @NormalizeText()
  name!: string;

  @ApiProperty({ enum: CLASS_TYPE_LEVELS, example: 'prenatal' })
  @IsIn(CLASS_TYPE_LEVELS, { message: LEVEL_MESSAGE })
  level!: ClassTypeLevel;

  @ApiPropertyOptional({ maxLength: CLASS_TYPE_DESCRIPTION_MAX })
  @IsOptional()
  @IsVisibleText({ message: CHARACTERS_MESSAGE })
  @MaxLength(CLASS_TYPE_DESCRIPTION_MAX, { message: DESCRIPTION_MESSAGE })
  @IsString({ message: DESCRIPTION_MESSAGE })
  @Trim()
  @NormalizeText()
  description?: string;

  @ApiProperty({ example: 50, minimum: CLASS_TYPE_DURATION_MIN, maximum: CLASS_TYPE_DURATION_MAX })
  @Max(CLASS_TYPE_DURATION_MAX, { message: DURATION_MESSAGE })
  @Min(CLASS_TYPE_DURATION_MIN, { message: DURATION_MESSAGE })
  @IsInt({ message: DURATION_MESSAGE })
  durationMinutes!: number;

  @ApiProperty({ enum: CLASS_TYPE_COLOURS, example: '#1d4ed8' })
  @IsIn(CLASS_TYPE_COLOURS, { message: COLOUR_MESSAGE })
  colour!: string;

  @ApiPropertyOptional({ example: 0, minimum: 0, maximum: 999 })
  @IsOptional()
  @Max(999, { message: ORDER_MESSAGE })
  @Min(0, { message: ORDER_MESSAGE })
  @IsInt({ message: ORDER_MESSAGE })
  sortOrder?: number;
}

/** The fields of add, each optional, plus the id and whether the type is active. */
export class ChangeClassTypeDto extends PartialType(AddClassTypeDto) {
  @ApiProperty()
  @IsRowId('El tipo de clase no es válido')
  id!: number;

  @ApiPropertyOptional({ description: 'Inactivo: las clases del horario lo conservan.' })
  @IsOptional()
  @IsBoolean({ message: ACTIVE_MESSAGE })
  active?: boolean;
}
