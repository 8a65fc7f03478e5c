import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PaginationDto } from '../../core/dto/pagination.dto';

export class GetUserPlanesDto {
  @ApiPropertyOptional({ description: 'El usuario; por omisión, el de la sesión. Solo un admin puede nombrar a otro.' })
  @IsOptional()
  @Min(1, { message: 'El usuario no es válido' })
  @IsInt({ message: 'El usuario no es válido' })
  id?: number;

  @ApiPropertyOptional({ description: 'Página, desde 1.', default: 1 })
  @IsOptional()
  @Min(1, { message: 'La página no es válida' })
  @IsInt({ message: 'La página no es válida' })
  pagination?: number;

  @ApiPropertyOptional({ description: 'Tamaño de página.', default: 5, maximum: 50 })
  @IsOptional()
  @Max(50, { message: 'El tamaño de página no es válido' })
  @Min(1, { message: 'El tamaño de página no es válido' })
  @IsInt({ message: 'El tamaño de página no es válido' })
  limit?: number;
}

export class UserPlanDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ocho Clases' })
  plan!: string;

  @ApiProperty({ example: 5 })
  classes_remaining!: number;

  @ApiProperty({ example: 8 })
  classes_total!: number;

  @ApiProperty({ example: '2026-11-23' })
  startDate!: string;

  @ApiProperty({ example: '2026-12-22' })
  endDate!: string;

  @ApiProperty({ enum: [0, 1], description: '1 Pagado, 0 No Pagado.' })
  is_paid!: 0 | 1;

  @ApiProperty({ description: 'El pago que lo originó fue reembolsado o contracargado: ya no se reserva con él.' })
  revoked!: boolean;
}

export class UserPlansResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [UserPlanDto] })
  planes!: UserPlanDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
