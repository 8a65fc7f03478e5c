import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { Trim } from '../../core/dto/transforms';
import { IsVisibleText, NormalizeText } from '../../core/dto/text';
import { MAX_ID } from '../../core/dto/validators';

/** admin/forgive: forgive a late release or a no-show, with the reason. */
export class ForgiveDto {
  @ApiProperty({ description: 'La reserva liberada tarde o con inasistencia.', example: 12 })
  @Max(MAX_ID, { message: 'La reserva no es válida' })
  @Min(1, { message: 'La reserva no es válida' })
  @IsInt({ message: 'La reserva no es válida' })
  reservationId!: number;

  @ApiProperty({ example: 'Avisó por WhatsApp: tuvo una emergencia', minLength: 1, maxLength: 200 })
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: 'El motivo no puede tener caracteres invisibles ni de control.' })
  @MaxLength(200, { message: 'El motivo no puede tener más de 200 caracteres' })
  @IsNotEmpty({ message: 'El motivo es obligatorio' })
  @IsString({ message: 'El motivo no es válido' })
  reason!: string;
}

export class ForgiveResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Perdonado. La clase volvió al plan del cliente.' })
  message!: string;

  @ApiProperty({
    example: true,
    description: 'La clase volvió al plan (false: el plan ya venció o fue revocado, o pagó en el estudio).',
  })
  classReturned!: boolean;
}
