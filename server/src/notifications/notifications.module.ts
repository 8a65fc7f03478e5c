import { MailerModule, type MailerOptions } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { NOTIFICATION_CHANNELS, type Channel } from './channel';
import { EmailChannel } from './email.channel';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { CloudApiSender, WhatsAppSender } from './whatsapp/cloud-api';
import { WhatsAppSimulator } from './whatsapp/simulator';
import { WhatsAppChannel } from './whatsapp/whatsapp.channel';
import { WhatsAppConsentsService } from './whatsapp/whatsapp-consents.service';
import { WhatsAppWebhookController } from './whatsapp/whatsapp-webhook.controller';
import { WhatsAppWebhookService } from './whatsapp/whatsapp-webhook.service';
import { WhatsAppRepository } from './whatsapp/whatsapp.repository';

/**
 * Notifications: the domain events the studio tells its clients about (events/), written to an
 * outbox in the transaction that causes them and delivered on each channel the recipient has:
 * e-mail, or WhatsApp for the clients who opted in (whatsapp/), with the e-mail as its fallback.
 */
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig): MailerOptions => ({
        // No SMTP (development): render each message into a buffer that EmailChannel writes to DATA_DIR/outbox,
        // with CRLF line ends as on the wire (RFC 5322), so the .eml files are the messages SMTP would carry.
        transport: config.smtpUrl ?? { streamTransport: true, buffer: true, newline: 'windows' as const },
      }),
    }),
  ],
  controllers: [WhatsAppWebhookController],
  providers: [
    NotificationsRepository,
    NotificationsService,
    EmailChannel,
    WhatsAppRepository,
    WhatsAppConsentsService,
    WhatsAppWebhookService,
    WhatsAppSimulator,
    // Meta's Cloud API with its settings; without them, the local simulator.
    {
      provide: WhatsAppSender,
      inject: [AppConfig, WhatsAppSimulator],
      useFactory: (config: AppConfig, simulator: WhatsAppSimulator): WhatsAppSender =>
        config.whatsappToken && config.whatsappPhoneNumberId
          ? new CloudApiSender(config.whatsappApiBase, config.whatsappPhoneNumberId, config.whatsappToken)
          : simulator,
    },
    WhatsAppChannel,
    {
      provide: NOTIFICATION_CHANNELS,
      inject: [EmailChannel, WhatsAppChannel],
      useFactory: (email: EmailChannel, whatsapp: WhatsAppChannel): Channel[] => [email, whatsapp],
    },
  ],
  exports: [NotificationsService, EmailChannel, WhatsAppConsentsService, WhatsAppWebhookService],
})
export class NotificationsModule {}
