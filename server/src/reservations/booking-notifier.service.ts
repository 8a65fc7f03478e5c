import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../core/config/app-config';
import { MailService } from '../core/mail/mail.service';
import { bookingConfirmationMail, cancellationMail, reminderMail, type MailRecipient } from './booking-mail';
import { classCalendar, type BookedClass } from './class-calendar';

/**
 * The booking mails. They go out after the transaction commits and never undo it: a failure is
 * logged, and the booking or cancellation stands.
 */
@Injectable()
export class BookingNotifier {
  private readonly logger = new Logger('BookingMail');
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  get uidDomain(): string {
    return new URL(this.config.appUrl).hostname;
  }

  calendar(classes: BookedClass[], name?: string): string {
    return classCalendar(classes, { timeZone: this.config.studioTimeZone, uidDomain: this.uidDomain, name });
  }

  bookingConfirmed(to: MailRecipient, item: BookedClass): void {
    const ics = this.calendar([item], 'Clase de Pilates');
    this.dispatch(bookingConfirmationMail(to, item, ics, this.config.cancelHours));
  }

  reservationCancelled(to: MailRecipient, item: BookedClass, byStudio: boolean): void {
    this.dispatch(cancellationMail(to, item, byStudio));
  }

  /** Awaited by the reminder job, which must know whether the mail left. */
  sendReminder(to: MailRecipient, item: BookedClass): Promise<void> {
    return this.mail.send(reminderMail(to, item, this.config.cancelHours));
  }

  /** For tests and shutdown: resolves when the mails dispatched so far are done. */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private dispatch(message: Parameters<MailService['send']>[0]): void {
    const sending = this.mail
      .send(message)
      .catch((error: unknown) =>
        this.logger.error(`No se pudo enviar «${message.subject}» a ${message.to}: ${(error as Error).message}`),
      )
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }
}
