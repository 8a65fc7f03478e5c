import { ApiProperty } from '@nestjs/swagger';

export class CataloguePlanDto {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Ocho Clases' })
  name!: string;

  @ApiProperty({ example: 1500, description: 'Precio en pesos mexicanos, sin la comisión.' })
  price!: number;

  @ApiProperty({ example: 8 })
  classes!: number;
}

export class CatalogueResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ type: [CataloguePlanDto] })
  planes!: CataloguePlanDto[];
}
