import { MailerModule, type MailerOptions } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { NOTIFICATION_CHANNELS, type Channel } from './channel';
import { EmailChannel } from './email.channel';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/**
 * Notifications: the domain events the studio tells its clients about (events/), written to an
 * outbox in the transaction that causes them and delivered on each channel the recipient has.
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
  providers: [
    NotificationsRepository,
    NotificationsService,
    EmailChannel,
    // One more channel (WhatsApp) is one more class here.
    { provide: NOTIFICATION_CHANNELS, inject: [EmailChannel], useFactory: (email: EmailChannel): Channel[] => [email] },
  ],
  exports: [NotificationsService, EmailChannel],
})
export class NotificationsModule {}
