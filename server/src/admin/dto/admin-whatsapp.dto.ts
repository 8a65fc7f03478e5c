import { ApiProperty } from '@nestjs/swagger';
import {
  displayPhone,
  WHATSAPP_MESSAGE_STATUSES,
  type WhatsAppConsentView,
  type WhatsAppMessageView,
} from '../../notifications';

export class AdminWhatsAppConsentDto {
  @ApiProperty({ example: '+52 722 123 4567' })
  phone!: string;

  @ApiProperty({ example: 1, description: 'La versión del texto que aceptó.' })
  textVersion!: number;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z', description: 'Cuándo aceptó (ISO).' })
  consentedAt!: string;
}

export class AdminWhatsAppMessageDto {
  @ApiProperty({ example: 'reserva_confirmada', description: 'La plantilla de WhatsApp.' })
  template!: string;

  @ApiProperty({
    enum: WHATSAPP_MESSAGE_STATUSES,
    description: 'accepted: Meta lo tomó; sent, delivered, read según avisa Meta; failed: fue por correo.',
  })
  status!: (typeof WHATSAPP_MESSAGE_STATUSES)[number];

  @ApiProperty({ example: null, nullable: true, type: Number, description: 'El código de error de Meta.' })
  errorCode!: number | null;

  @ApiProperty({ example: '2026-11-27T18:00:00.000Z', description: 'Cuándo se envió (ISO).' })
  sentAt!: string;

  @ApiProperty({ example: '2026-11-27T18:00:05.000Z', description: 'Su último cambio de estado (ISO).' })
  updatedAt!: string;
}

export class AdminWhatsAppResponseDto {
  @ApiProperty({ example: true, enum: [true] })
  success!: true;

  @ApiProperty({
    type: AdminWhatsAppConsentDto,
    nullable: true,
    description: 'El consentimiento vigente; null si no recibe avisos por WhatsApp.',
  })
  whatsapp!: AdminWhatsAppConsentDto | null;

  @ApiProperty({ type: [AdminWhatsAppMessageDto], description: 'Sus últimos mensajes, el más reciente primero.' })
  messages!: AdminWhatsAppMessageDto[];
}

export const toAdminWhatsApp = (history: {
  consent: WhatsAppConsentView | null;
  messages: WhatsAppMessageView[];
}): AdminWhatsAppResponseDto => ({
  success: true,
  whatsapp: history.consent && {
    phone: displayPhone(history.consent.phone),
    textVersion: history.consent.textVersion,
    consentedAt: history.consent.consentedAt.toISOString(),
  },
  messages: history.messages.map((message) => ({
    template: message.template,
    status: message.status,
    errorCode: message.errorCode,
    sentAt: message.sentAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
  })),
});
