import { ApiProperty } from '@nestjs/swagger';
import { PLAN_KINDS, type PlanKind } from '../entities/plan.entity';

/** A class type a plan is limited to. */
export class PlanClassTypeDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Prenatal' })
  name!: string;
}

export class CataloguePlanDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ocho Clases' })
  name!: string;

  @ApiProperty({ example: 1500, description: 'Precio en pesos mexicanos, sin la comisión.' })
  price!: number;

  @ApiProperty({ example: 8 })
  classes!: number;

  @ApiProperty({ example: 64, description: 'La comisión del pago en pesos ("plus Comisión").' })
  commission!: number;

  @ApiProperty({ example: 1564, description: 'Lo que se cobra: precio más comisión, en pesos.' })
  total!: number;

  @ApiProperty({
    example: false,
    description: '"Solo primera vez": solo para quien nunca tuvo un plan ni tomó una clase en el estudio.',
  })
  intro!: boolean;

  @ApiProperty({
    type: [PlanClassTypeDto],
    description: 'Los tipos de clase que el plan incluye ("Solo Prenatal"); vacío: todos.',
  })
  classTypes!: PlanClassTypeDto[];

  @ApiProperty({
    enum: PLAN_KINDS,
    description: 'pack: clases pagadas una vez; membership: se cobra cada mes a la tarjeta, se cancela cuando quieras.',
  })
  kind!: PlanKind;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 3,
    description: 'Membresía: clases por semana (lunes a domingo); null: ilimitadas, una clase al día (o un paquete).',
  })
  weeklyLimit!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description: 'Membresía ilimitada: clases por día (ajuste del estudio); null en las demás.',
  })
  dailyLimit!: number | null;
}

export class CatalogueResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [CataloguePlanDto] })
  planes!: CataloguePlanDto[];
}
