import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { Trim } from '../../core/dto/transforms';
import { IsVisibleText, NAME_CHARACTERS_MESSAGE, NormalizeText } from '../../core/dto/text';
import { IsBirthDate, Matches } from '../../core/dto/validators';
import { RequiredEmail } from './account-fields';
import { NewPassword } from '../password-policy';
import { IsMexicanMobile, PHONE_INPUT_MAX, WHATSAPP_CONSENT_TEXT } from '../../notifications';

// The registration form's messages, word for word (spelling fixed). class-validator runs a field's decorators bottom-up and
// the global pipe stops at the first failure, so the "required" rule is written last.
export class RegisterDto {
  @ApiProperty({ example: 'Ana López', maxLength: 120 })
  @Trim()
  @NormalizeText()
  @IsVisibleText({ message: NAME_CHARACTERS_MESSAGE })
  @MaxLength(120, { message: 'El nombre no puede tener más de 120 caracteres' })
  @IsString({ message: 'El nombre es obligatorio' })
  @IsNotEmpty({ message: 'El nombre es obligatorio' })
  name!: string;

  @RequiredEmail()
  email!: string;

  @ApiProperty({ description: 'Fecha de nacimiento, YYYY-MM-DD.', example: '1990-05-17' })
  @IsBirthDate()
  @IsNotEmpty({ message: 'El cumpleaños es obligatorio' })
  cumpleanos!: string;

  @NewPassword()
  password!: string;

  @ApiProperty({ minLength: 8, maxLength: 128, example: 'una-clave-segura' })
  @Matches('password', { message: 'Las contraseñas no coinciden' })
  @MinLength(8, { message: 'Debe tener al menos 8 caracteres' })
  @IsString({ message: 'Confirma tu contraseña' })
  @IsNotEmpty({ message: 'Confirma tu contraseña' })
  confirmPassword!: string;

  @ApiProperty({ example: true, description: 'Acepta los términos y condiciones.' })
  @Equals(true, { message: 'Debes aceptar los términos y condiciones' })
  terms!: boolean;

  @ApiPropertyOptional({
    example: false,
    description: 'Quiere recibir promociones por correo (apagado salvo que lo marque; se retira con un clic).',
  })
  @IsOptional()
  @IsBoolean({ message: 'Indica si quieres recibir promociones' })
  marketingConsent?: boolean;

  @ApiPropertyOptional({
    example: true,
    description: `Acepta «${WHATSAPP_CONSENT_TEXT}» con el celular de \`whatsapp\`.`,
  })
  @IsOptional()
  @IsBoolean({ message: 'Indica si quieres recibir avisos por WhatsApp' })
  whatsappConsent?: boolean;

  @ApiPropertyOptional({
    example: '722 123 4567',
    maxLength: PHONE_INPUT_MAX,
    description: 'Celular de México para los avisos por WhatsApp (obligatorio con whatsappConsent).',
  })
  @ValidateIf((dto: RegisterDto) => dto.whatsappConsent === true || dto.whatsapp !== undefined)
  @IsMexicanMobile()
  @IsString({ message: 'Escribe tu número de celular.' })
  whatsapp?: string;
}
