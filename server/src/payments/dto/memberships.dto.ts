import { ApiProperty } from '@nestjs/swagger';
import { IsRowId } from '../../core/dto/validators';

/** Subscribing to a membership plan of the catalogue. */
export class SubscribeDto {
  @ApiProperty({ description: 'La membresía del catálogo (un plan de tipo «membership»).' })
  @IsRowId('El plan no es válido')
  planId!: number;
}

export class SubscribeResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({
    description: 'Donde el cliente autoriza su tarjeta en Mercado Pago (el primer cobro inicia la membresía).',
    example: 'https://www.mercadopago.com.mx/subscriptions/checkout?preapproval_id=2c9380847e9b451c017ea1d0b9ea0565',
  })
  url!: string;
}
