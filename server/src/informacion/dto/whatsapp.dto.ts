import { ApiProperty } from '@nestjs/swagger';
import { Equals, IsNotEmpty, IsString } from 'class-validator';
import {
  displayPhone,
  IsMexicanMobile,
  PHONE_INPUT_MAX,
  WHATSAPP_CONSENT_TEXT,
  WHATSAPP_CONSENT_VERSION,
  type WhatsAppConsentView,
} from '../../notifications';

/** informacion/whatsapp: the checkbox ticked, with the number. */
export class WhatsAppConsentDto {
  @ApiProperty({
    example: '722 123 4567',
    maxLength: PHONE_INPUT_MAX,
    description:
      'Celular de México como lo escribe el cliente (10 dígitos; +52, 044, 045, 1 y separadores se aceptan).',
  })
  @IsMexicanMobile()
  @IsString({ message: 'Escribe tu número de celular.' })
  @IsNotEmpty({ message: 'Escribe tu número de celular.' })
  phone!: string;

  @ApiProperty({ example: true, description: `Acepta «${WHATSAPP_CONSENT_TEXT}».` })
  @Equals(true, { message: 'Marca la casilla para recibir avisos por WhatsApp.' })
  consent!: boolean;
}

export class WhatsAppConsentStateDto {
  @ApiProperty({ example: '+527221234567', description: 'El número guardado, +52 y 10 dígitos.' })
  phone!: string;

  @ApiProperty({ example: '+52 722 123 4567' })
  phoneDisplay!: string;

  @ApiProperty({ example: WHATSAPP_CONSENT_VERSION, description: 'La versión del texto aceptado.' })
  textVersion!: number;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z', description: 'Cuándo aceptó (ISO).' })
  consentedAt!: string;
}

export class WhatsAppConsentResponseDto {
  @ApiProperty({ example: true })
  success!: true;

  @ApiProperty({ example: WHATSAPP_CONSENT_TEXT, description: 'El texto de la casilla.' })
  text!: string;

  @ApiProperty({ example: WHATSAPP_CONSENT_VERSION, description: 'La versión vigente del texto.' })
  textVersion!: number;

  @ApiProperty({
    type: WhatsAppConsentStateDto,
    nullable: true,
    description: 'El consentimiento vigente; null si no recibe avisos por WhatsApp.',
  })
  whatsapp!: WhatsAppConsentStateDto | null;
}

export const toWhatsAppConsentResponse = (consent: WhatsAppConsentView | null): WhatsAppConsentResponseDto => ({
  success: true,
  text: WHATSAPP_CONSENT_TEXT,
  textVersion: WHATSAPP_CONSENT_VERSION,
  whatsapp: consent && {
    phone: consent.phone,
    phoneDisplay: displayPhone(consent.phone),
    textVersion: consent.textVersion,
    consentedAt: consent.consentedAt.toISOString(),
  },
});
