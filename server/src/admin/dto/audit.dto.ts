import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AUDIT_ACTION_NAMES } from '../../core/audit/audit-fields';
import { AUDIT_ACTIONS, type AuditAction } from '../../core/audit/audit.service';
import { PaginationDto } from '../../core/dto/pagination.dto';
import { IsDateOnly, IsOnOrAfter, MAX_PAGE, IsRowId } from '../../core/dto/validators';

export class GetAuditDto {
  @ApiPropertyOptional({ description: 'Página, desde 1.', default: 1 })
  @IsOptional()
  @Max(MAX_PAGE, { message: 'La página no es válida' })
  @Min(1, { message: 'La página no es válida' })
  @IsInt({ message: 'La página no es válida' })
  pagination?: number;

  @ApiPropertyOptional({ description: 'Tamaño de página.', default: 20, maximum: 50 })
  @IsOptional()
  @Max(50, { message: 'El tamaño de página no es válido' })
  @Min(1, { message: 'El tamaño de página no es válido' })
  @IsInt({ message: 'El tamaño de página no es válido' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Solo los cambios sobre este usuario o hechos por él.' })
  @IsOptional()
  @IsRowId('El usuario no es válido')
  userId?: number;

  @ApiPropertyOptional({ enum: AUDIT_ACTION_NAMES, description: 'Solo los cambios de este tipo.' })
  @IsOptional()
  @IsIn(AUDIT_ACTION_NAMES, { message: 'La acción no es válida' })
  action?: AuditAction;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'Desde este día (del estudio), incluido.' })
  @IsOptional()
  @IsDateOnly({ message: 'La fecha de inicio no es válida' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Hasta este día (del estudio), incluido.' })
  @IsOptional()
  @IsOnOrAfter('from', { message: 'La fecha de término debe ser igual o posterior a la de inicio' })
  @IsDateOnly({ message: 'La fecha de término no es válida' })
  to?: string;
}

export class AuditPersonDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ana López' })
  name!: string;
}

export class AuditEntryDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: '2026-11-23T15:04:05.000Z' })
  createdAt!: string;

  @ApiProperty({ enum: Object.keys(AUDIT_ACTIONS) })
  action!: AuditAction;

  @ApiProperty({ example: 'Desactivó un usuario' })
  actionLabel!: string;

  @ApiProperty({ example: 'user' })
  entityType!: string;

  @ApiProperty({ example: '12' })
  entityId!: string;

  @ApiProperty({ type: AuditPersonDto, nullable: true, description: 'Quien hizo el cambio.' })
  actor!: AuditPersonDto | null;

  @ApiProperty({ type: AuditPersonDto, nullable: true, description: 'El cliente al que se refiere.' })
  subject!: AuditPersonDto | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  before!: Record<string, unknown> | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  after!: Record<string, unknown> | null;
}

export class AuditResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [AuditEntryDto] })
  entries!: AuditEntryDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
