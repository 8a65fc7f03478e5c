import { AuditLog } from '../audit/audit-log.entity';
import { Session } from '../auth/session.entity';
import { MailQueueItem } from '../mail/mail-queue.entity';
import { AuthRateLimit } from '../../auth/entities/auth-rate-limit.entity';
import { LoginFailure } from '../../auth/entities/login-failure.entity';
import { PasswordResetToken } from '../../auth/entities/password-reset-token.entity';
import { User } from '../../auth/entities/user.entity';
import { PaymentNotification } from '../../payments/entities/payment-notification.entity';
import { Payment } from '../../payments/entities/payment.entity';
import { Plan } from '../../planes/entities/plan.entity';
import { UserPlan } from '../../planes/entities/user-plan.entity';
import { ClassSession } from '../../reservations/entities/class-session.entity';
import { Reservation } from '../../reservations/entities/reservation.entity';
import { Schedule } from '../../reservations/entities/schedule.entity';
import { WaitlistEntry } from '../../reservations/entities/waitlist-entry.entity';

export const entities = [
  User,
  PasswordResetToken,
  LoginFailure,
  Plan,
  UserPlan,
  Schedule,
  ClassSession,
  Reservation,
  Payment,
  PaymentNotification,
  AuditLog,
  MailQueueItem,
  Session,
  AuthRateLimit,
  WaitlistEntry,
];
