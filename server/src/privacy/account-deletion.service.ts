import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AuthError, AuthErrorCode, AuthService, DELETED_ACCOUNT_DOMAIN } from '../auth';
import type { User } from '../auth/entities';
import { AuditService } from '../core/audit/audit.service';
import type { Caller } from '../core/auth/caller';
import { isStaffRole } from '../core/auth/permissions';
import { StudioClock } from '../core/clock/studio-clock';
import { TransactionService } from '../core/database/transaction.service';
import { PaymentGateway } from '../payments';
import { BookingService } from '../reservations';
import { PrivacyError, PrivacyErrorCode } from './privacy.errors';
import { PrivacyRepository, type AccountRow, type PendingRows } from './privacy.repository';

export interface DeletionResult {
  cancelledReservations: number;
}

const esDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** What deleting would forfeit, as the client reads it (field → messages, the API's error shape). */
export function describePending(pending: PendingRows): Record<string, string[]> {
  const items: Record<string, string[]> = {};
  if (pending.plans.length > 0) {
    items.planes = pending.plans.map(
      (plan) =>
        `Tu plan «${plan.planName}» con ${plural(plan.classesRemaining, 'clase', 'clases')} por usar (vence el ${esDate(plan.endDate)}).`,
    );
  }
  if (pending.futureReservations > 0) {
    items.reservaciones = [
      pending.futureReservations === 1
        ? '1 clase reservada por venir: se cancelará y su lugar quedará libre.'
        : `${pending.futureReservations} clases reservadas por venir: se cancelarán y sus lugares quedarán libres.`,
    ];
  }
  if (pending.pendingPayments > 0) {
    items.pagos = [`${plural(pending.pendingPayments, 'pago pendiente', 'pagos pendientes')} de confirmar.`];
  }
  if (pending.liveMembership) {
    items.membresia = [`Tu membresía «${pending.liveMembership.planName}»: se cancelará en Mercado Pago.`];
  }
  return items;
}

/**
 * «Eliminar mi cuenta», and the admin's deletion on a written request: the account is anonymised
 * at once, in one transaction: personal values erased or replaced, sessions and calendar feed
 * ended, future classes cancelled (their places to the waitlist as usual), a live membership
 * cancelled at Mercado Pago. Consents, payments and invoices stay, tied only to the id.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger('AccountDeletion');

  constructor(
    private readonly repository: PrivacyRepository,
    private readonly transactions: TransactionService,
    private readonly clock: StudioClock,
    private readonly auth: AuthService,
    private readonly booking: BookingService,
    private readonly gateway: PaymentGateway,
    private readonly audit: AuditService,
  ) {}

  /** The client's own request, after re-entering their password (a wrong one counts as a failed login). */
  async deleteOwn(account: User, password: string, confirmForfeit: boolean): Promise<DeletionResult> {
    await this.auth.verifyCurrentPassword(account, password);
    return this.delete(account, account.id, confirmForfeit);
  }

  /** The admin's, on the person's written request. */
  async deleteByAdmin(admin: Caller, userId: number, confirmForfeit: boolean): Promise<DeletionResult> {
    if (userId === admin.id) throw new PrivacyError(PrivacyErrorCode.DELETION_SELF_BY_ADMIN);
    return this.delete(admin, userId, confirmForfeit);
  }

  private async delete(actor: Caller, userId: number, confirmForfeit: boolean): Promise<DeletionResult> {
    // The membership is cancelled at Mercado Pago first: if that fails, nothing here changed.
    const membership = await this.transactions.run(async () => {
      const account = await this.lockedAccount(userId);
      const pending = await this.pendingOf(account.id);
      this.refuseUnconfirmed(pending, confirmForfeit);
      return pending.liveMembership;
    });
    if (membership?.preapprovalId) await this.cancelAtProvider(membership.preapprovalId);

    return this.transactions.run(async () => {
      const account = await this.lockedAccount(userId);
      // Checked again under the lock: something may have been bought in between.
      const pending = await this.pendingOf(account.id);
      this.refuseUnconfirmed(pending, confirmForfeit);
      const now = this.clock.now();
      if (pending.liveMembership) await this.repository.cancelMembership(pending.liveMembership.id, now);
      const cancelled = await this.booking.cancelUpcomingOf(account.id, actor.id);
      const others = await this.repository.otherValuesOf(account.id);
      await this.repository.anonymise(
        account,
        {
          name: account.name,
          email: account.email,
          phones: [...(account.phone ? [account.phone] : []), ...others.phones],
          birthDate: account.birthDate,
          rfcs: others.rfcs,
        },
        // Unique (the email's unique index) and never deliverable (.invalid is reserved, RFC 2606).
        `eliminada-${account.id}-${randomBytes(4).toString('hex')}@${DELETED_ACCOUNT_DOMAIN}`,
        now,
      );
      // Without personal data: who, which account id, how many classes were cancelled.
      await this.audit.record(actor, {
        action: 'user.delete',
        entityType: 'user',
        entityId: account.id,
        subjectUserId: account.id,
        before: { active: true },
        after: { active: false, cancelledReservations: cancelled.length },
      });
      return { cancelledReservations: cancelled.length };
    });
  }

  private async lockedAccount(userId: number): Promise<AccountRow> {
    const account = await this.repository.lockAccount(userId);
    if (!account) throw new AuthError(AuthErrorCode.USER_NOT_FOUND);
    // Staff accounts teach or run the studio: they lose that role first (Usuarios), then are deleted.
    if (isStaffRole(account.role)) throw new PrivacyError(PrivacyErrorCode.DELETION_STAFF_ACCOUNT);
    return account;
  }

  private pendingOf(userId: number): Promise<PendingRows> {
    const now = this.clock.now();
    return this.repository.pendingOf(userId, this.clock.today(now), this.clock.timeOfDay(now), now);
  }

  private refuseUnconfirmed(pending: PendingRows, confirmForfeit: boolean): void {
    const items = describePending(pending);
    if (Object.keys(items).length > 0 && !confirmForfeit) {
      throw new PrivacyError(PrivacyErrorCode.DELETION_PENDING_ITEMS, items);
    }
  }

  private async cancelAtProvider(preapprovalId: string): Promise<void> {
    try {
      await this.gateway.updateSubscription(preapprovalId, 'cancelled');
    } catch (error) {
      this.logger.error(`Suscripción ${preapprovalId} no cancelada: ${(error as Error).message}`);
      throw new PrivacyError(PrivacyErrorCode.DELETION_PROVIDER_ERROR);
    }
  }
}
