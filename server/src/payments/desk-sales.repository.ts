import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Payment } from './entities/payment.entity';
import { RefundRequest } from './entities/refund-request.entity';

/** The SQL of desk sales ("Venta en mostrador") that purchases by Mercado Pago do not need. */
@Injectable()
export class DeskSalesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** A sale by its reference (`mostrador-<request key>`). */
  byReference(reference: string): Promise<Payment | null> {
    return this.txHost.tx.findOneBy(Payment, { reference });
  }

  /**
   * A no-op update of the payment's row: it takes the row's lock (MySQL), so one payment's desk
   * refunds are checked and recorded one at a time; SQLite runs one transaction at a time already.
   */
  async lock(paymentId: number): Promise<void> {
    await this.txHost.tx.query('UPDATE payments SET refunded_cents = refunded_cents WHERE id = ?', [paymentId]);
  }

  /** The refund a request key was first used for, if it was. */
  refundRequest(idempotencyKey: string): Promise<RefundRequest | null> {
    return this.txHost.tx.findOneBy(RefundRequest, { idempotencyKey });
  }

  /** A promo code's text, for a sale's receipt. */
  async promoCodeText(id: number): Promise<string | null> {
    const [row] = await this.txHost.tx.query('SELECT code FROM promo_codes WHERE id = ?', [id]);
    return row ? String((row as { code: string }).code) : null;
  }
}
