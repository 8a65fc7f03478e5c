import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_ID } from '../../core/dto/validators';

export const PLAN_MOVEMENT_KINDS = [
  'purchased',
  'given_by_admin',
  'adjusted_by_admin',
  'booked',
  'promoted_from_waitlist',
  'cancelled_in_time',
  'released_late',
  'attended',
  'no_show',
  'forgiven',
  'moved_by_studio',
  'cancelled_by_studio',
  'refunded',
] as const;
export type PlanMovementKind = (typeof PLAN_MOVEMENT_KINDS)[number];

/** informacion/plan-history: one plan's movements ("Historial"). */
export class PlanHistoryDto {
  @ApiProperty({ description: 'El plan del usuario (user_plans.id).', example: 7 })
  @Max(MAX_ID, { message: 'El plan no es válido' })
  @Min(1, { message: 'El plan no es válido' })
  @IsInt({ message: 'El plan no es válido' })
  userPlanId!: number;
}

export class PlanHistoryPlanDto {
  @ApiProperty({ example: 7 })
  id!: number;

  @ApiProperty({ example: 'Ocho Clases' })
  name!: string;

  @ApiProperty({ example: 8 })
  classesTotal!: number;

  @ApiProperty({ example: 5 })
  classesRemaining!: number;

  @ApiProperty({ example: 3, description: 'classesTotal - classesRemaining.' })
  used!: number;

  @ApiProperty({ example: '2026-03-01', description: 'YYYY-MM-DD' })
  startDate!: string;

  @ApiProperty({ example: '2026-03-31', description: 'YYYY-MM-DD' })
  endDate!: string;
}

export class PlanMovementDto {
  @ApiProperty({ example: '2026-03-02T14:05:00.000Z', description: 'Cuándo ocurrió (ISO).' })
  at!: string;

  @ApiProperty({ example: '2026-03-04', nullable: true, type: String, description: 'La fecha de la clase (estudio).' })
  date!: string | null;

  @ApiProperty({ example: '7:00 AM', nullable: true, type: String, description: 'La hora de la clase (estudio).' })
  time!: string | null;

  @ApiProperty({ enum: PLAN_MOVEMENT_KINDS, enumName: 'PlanMovementKind', example: 'booked' })
  kind!: PlanMovementKind;

  @ApiProperty({ example: 'Clase reservada' })
  label!: string;

  @ApiProperty({ example: -1, description: 'Lo que cambió en las clases disponibles: -1, +1 o 0.' })
  classDelta!: number;

  @ApiPropertyOptional({ example: 'Avisó por WhatsApp', nullable: true, type: String })
  note?: string | null;
}

export class PlanHistoryResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: PlanHistoryPlanDto })
  plan!: PlanHistoryPlanDto;

  @ApiProperty({ type: [PlanMovementDto], description: 'Lo más reciente primero.' })
  movements!: PlanMovementDto[];
}
