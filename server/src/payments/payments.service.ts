import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { planEndDate, studioToday } from '@pilates/dates';
import { DataSource, In, IsNull, LessThan, MoreThan } from 'typeorm';
import { User } from '../auth/entities/user.entity';
import { Clock } from '../core/clock/clock';
import { AppConfig } from '../core/config/app-config';
import { TransactionService } from '../core/database/transaction.service';
import { MailService } from '../core/mail/mail.service';
import { ApiError, ErrorCode } from '../core/errors/api-error';
import { Plan } from '../planes/entities/plan.entity';
import { UserPlan } from '../planes/entities/user-plan.entity';
import { Payment, type PaymentStatus } from './entities/payment.entity';
import { receiptMail } from './payment-mail';
import { PaymentGateway, type ProviderPayment } from './payment-gateway';
import { PaymentError, PaymentErrorCode } from './payments.errors';
import { chargeFor } from './pricing';

/** Cash methods (OXXO) get three days to pay. */
export const CASH_PAYMENT_DAYS = 3;
/** The reconcile job asks about payments still open after this long. */
export const RECONCILE_AFTER_MINUTES = 15;

const OPEN: PaymentStatus[] = ['created', 'pending', 'in_process', 'in_mediation', 'authorized'];

/**
 * Buying plans (product-decisions §5). Prices come from the catalogue and the buyer from the
 * session; what a payment did is only ever read from the provider, and an approved payment
 * creates its plan once, however often and however concurrently it is reported.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tx: TransactionService,
    private readonly gateway: PaymentGateway,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly mail: MailService,
  ) {}

  /** Records a pending purchase and opens a Checkout Pro preference for it; answers where to pay. */
  async startCheckout(user: User, planId: number): Promise<string> {
    const plan = await this.dataSource.manager.findOneBy(Plan, { id: planId, visible: true });
    if (!plan) throw new PaymentError(PaymentErrorCode.PLAN_NOT_FOUND);
    const charge = chargeFor(plan.priceCents, this.config.commissionPercent, this.config.commissionFixedMxn);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + CASH_PAYMENT_DAYS * 24 * 3600_000);
    const inserted = await this.dataSource.manager.insert(Payment, {
      userId: user.id,
      planId: plan.id,
      planName: plan.name,
      classCount: plan.classCount,
      ...charge,
      status: 'created',
      expiresAt,
      // The studio's clock, like every other time rule here (the reconcile job compares with it).
      createdAt: now,
    });
    const paymentId = Number(inserted.identifiers[0].id);
    const base = this.config.appUrl.replace(/\/$/, '');
    try {
      const preference = await this.gateway.createPreference({
        reference: String(paymentId),
        title: `${plan.name} — Pilates Reformer`,
        amountMxn: charge.totalCents / 100,
        payerEmail: user.email,
        notificationUrl: `${base}/api/mercadopago/webhook?source_news=webhooks`,
        backUrls: {
          success: `${base}/pilates/clases?pago=aprobado`,
          pending: `${base}/pilates/clases?pago=pendiente`,
          failure: `${base}/pilates/clases?pago=rechazado`,
        },
        cashExpiresAt: expiresAt,
      });
      await this.dataSource.manager.update(Payment, { id: paymentId }, { preferenceId: preference.id });
      return preference.url;
    } catch (error) {
      this.logger.error(`Preferencia del pago ${paymentId} no creada: ${(error as Error).message}`);
      await this.dataSource.manager.update(
        Payment,
        { id: paymentId },
        { status: 'cancelled', statusDetail: 'preference_failed' },
      );
      throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
    }
  }

  /**
   * Reads one provider payment and applies it to our purchase (webhook, return from the checkout,
   * reconcile job). Returns our payment, or null when the provider's payment is not one of ours.
   */
  async syncProviderPayment(providerPaymentId: string, owner?: User): Promise<Payment | null> {
    let provider: ProviderPayment | null;
    try {
      provider = await this.gateway.getPayment(providerPaymentId);
    } catch (error) {
      this.logger.error(`Consulta del pago ${providerPaymentId} fallida: ${(error as Error).message}`);
      throw new PaymentError(PaymentErrorCode.PAYMENT_PROVIDER_ERROR);
    }
    const paymentId = Number(provider?.reference);
    if (!provider || !Number.isInteger(paymentId) || paymentId < 1) return null;
    const payment = await this.dataSource.manager.findOneBy(Payment, { id: paymentId });
    if (!payment) return null;
    if (owner && payment.userId !== owner.id && owner.role !== 'admin') throw new ApiError(ErrorCode.FORBIDDEN);
    await this.apply(payment, provider);
    return this.dataSource.manager.findOneByOrFail(Payment, { id: paymentId });
  }

  /** A client's recent purchases that did not (yet) create a plan, newest first: for "Mis planes". */
  openPurchasesOf(user: User): Promise<Payment[]> {
    const since = new Date(this.clock.now().getTime() - 30 * 24 * 3600_000);
    return this.dataSource.manager.find(Payment, {
      where: {
        userId: user.id,
        userPlanId: IsNull(),
        status: In(['pending', 'in_process', 'in_mediation', 'authorized', 'rejected', 'expired']),
        createdAt: MoreThan(since),
      },
      order: { id: 'DESC' },
      take: 10,
    });
  }

  /** The reconcile job: open purchases older than 15 minutes are asked about, or expired. */
  async reconcile(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000);
    const open = await this.dataSource.manager.find(Payment, {
      where: { status: In(OPEN), createdAt: LessThan(before) },
      order: { id: 'ASC' },
      take: 100,
    });
    let changed = 0;
    for (const payment of open) {
      // Claim the check (several replicas may run this job): only one asks about each payment per run.
      const claim = await this.dataSource
        .createQueryBuilder()
        .update(Payment)
        .set({ lastCheckedAt: now })
        .where({ id: payment.id })
        .andWhere('(last_checked_at IS NULL OR last_checked_at < :before)', { before })
        .execute();
      if (claim.affected !== 1) continue;
      try {
        const found = await this.gateway.findByReference(String(payment.id));
        const best = found.find((p) => p.status === 'approved') ?? found[0];
        if (best) {
          await this.apply(payment, best);
          changed++;
        } else if (payment.expiresAt && payment.expiresAt.getTime() < now.getTime()) {
          const expired = await this.dataSource.manager.update(
            Payment,
            { id: payment.id, status: In(OPEN), userPlanId: IsNull() },
            { status: 'expired' },
          );
          changed += expired.affected ?? 0;
        }
      } catch (error) {
        this.logger.warn(`Conciliación del pago ${payment.id} pospuesta: ${(error as Error).message}`);
      }
    }
    return changed;
  }

  private async apply(payment: Payment, provider: ProviderPayment): Promise<void> {
    switch (provider.status) {
      case 'approved':
        return this.approve(payment, provider);
      case 'refunded':
      case 'charged_back':
        return this.revoke(payment, provider);
      case 'pending':
      case 'in_process':
      case 'in_mediation':
      case 'authorized':
      case 'rejected':
      case 'cancelled':
        // An approved purchase never goes back; a failed card attempt may be followed by a good one.
        await this.dataSource.manager.update(
          Payment,
          { id: payment.id, status: In([...OPEN, 'rejected', 'cancelled', 'expired']) },
          {
            status: provider.status as PaymentStatus,
            statusDetail: provider.statusDetail,
            expiresAt: provider.expiresAt ?? payment.expiresAt,
          },
        );
        return;
      default:
        this.logger.warn(`Estado desconocido «${provider.status}» del pago ${provider.id}`);
    }
  }

  /** Creates the plan of an approved payment exactly once (conditional UPDATE, then the insert). */
  private async approve(payment: Payment, provider: ProviderPayment): Promise<void> {
    const approvedAt = provider.approvedAt ?? this.clock.now();
    const plan = await this.tx.run(async (manager) => {
      const claimed = await manager
        .createQueryBuilder()
        .update(Payment)
        .set({
          status: 'approved',
          statusDetail: provider.statusDetail,
          providerPaymentId: provider.id,
          approvedAt,
        })
        .where("id = :id AND status <> 'approved' AND user_plan_id IS NULL", { id: payment.id })
        .execute();
      if (claimed.affected !== 1) return null;
      const startDate = studioToday(approvedAt, this.config.studioTimeZone);
      const inserted = await manager.insert(UserPlan, {
        userId: payment.userId,
        planId: payment.planId,
        planName: payment.planName,
        classesTotal: payment.classCount,
        classesRemaining: payment.classCount,
        startDate,
        endDate: planEndDate(startDate),
        isPaid: true,
        source: 'payment',
      });
      const userPlanId = Number(inserted.identifiers[0].id);
      await manager.update(Payment, { id: payment.id }, { userPlanId });
      return { startDate, endDate: planEndDate(startDate) };
    });
    if (!plan) return;
    const buyer = await this.dataSource.manager.findOneBy(User, { id: payment.userId });
    if (buyer) {
      this.mail
        .send(receiptMail({ email: buyer.email, name: buyer.name }, payment, provider.id, plan))
        .catch((error: unknown) =>
          this.logger.error(`Recibo del pago ${payment.id} no enviado: ${(error as Error).message}`),
        );
    }
  }

  /** A refund or chargeback: the plan stays (booked classes too) but is unpaid and books no more. */
  private async revoke(payment: Payment, provider: ProviderPayment): Promise<void> {
    if (payment.providerPaymentId && payment.providerPaymentId !== provider.id) return;
    await this.tx.run(async (manager) => {
      await manager.update(
        Payment,
        { id: payment.id },
        { status: provider.status as PaymentStatus, statusDetail: provider.statusDetail },
      );
      if (payment.userPlanId) {
        await manager
          .createQueryBuilder()
          .update(UserPlan)
          .set({ isPaid: false, revokedAt: this.clock.now() })
          .where('id = :id AND revoked_at IS NULL', { id: payment.userPlanId })
          .execute();
      }
    });
  }
}
