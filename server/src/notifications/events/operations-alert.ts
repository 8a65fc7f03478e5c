import { greetingMail, type Mail, type MailContext, type Recipient } from '../mail';

/** operations.alert: something about the site needs a person (or no longer does); for the owner and the host. */
export interface OperationsAlert {
  /** Which problem (offsite-backup, restore-drill, mails, payment-notifications, certificate, disk, drill-result). */
  problem: string;
  state: 'open' | 'reminder' | 'solved' | 'report';
  subject: string;
  lines: string[];
}

export function operationsAlertMail(to: Recipient, event: OperationsAlert, context: MailContext): Mail {
  return greetingMail(to, event.subject, event.lines, context);
}
