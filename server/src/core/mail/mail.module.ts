import { MailerModule, type MailerOptions } from '@nestjs-modules/mailer';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MailQueueRepository } from './mail-queue.repository';
import { MailService } from './mail.service';

@Global()
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig): MailerOptions => ({
        // No SMTP (development): render each message into a buffer that MailService writes to DATA_DIR/outbox.
        transport: config.smtpUrl ?? { streamTransport: true, buffer: true, newline: 'unix' as const },
      }),
    }),
  ],
  providers: [MailService, MailQueueRepository],
  exports: [MailService],
})
export class MailModule {}
