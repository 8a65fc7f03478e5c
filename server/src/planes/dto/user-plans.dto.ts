import { ApiProperty } from '@nestjs/swagger';
import { PagedUserRequestDto } from '../../core/dto/paged-user-request.dto';
import { PaginationDto } from '../../core/dto/pagination.dto';

export class GetUserPlanesDto extends PagedUserRequestDto {}

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

  @ApiProperty({
    description: 'El plan de una membresía: reserva por semana, sin clases contadas (classes_total 0).',
  })
  membership!: boolean;
}

export class UserPlansResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [UserPlanDto] })
  planes!: UserPlanDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
