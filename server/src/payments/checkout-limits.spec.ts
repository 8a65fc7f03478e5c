import { checkoutWait, type CheckoutLimits } from './checkout-limits';
import type { PaymentStatus } from './entities/payment.entity';
import type { CheckoutRow } from './payments.repository';

const NOW = new Date('2026-11-23T16:00:00.000Z');
const MINUTE = 60_000;
const LIMITS: CheckoutLimits = { maxOpen: 3, maxPerHour: 10, linkHours: 24 };

let id = 0;
/** A purchase started `minutesAgo` before NOW; its cash deadline three days after that. */
const row = (
  minutesAgo: number,
  status: PaymentStatus = 'created',
  statusDetail: string | null = null,
): CheckoutRow => {
  const createdAt = new Date(NOW.getTime() - minutesAgo * MINUTE);
  return { id: ++id, status, statusDetail, createdAt, expiresAt: new Date(createdAt.getTime() + 3 * 1440 * MINUTE) };
};

describe('checkout limits', () => {
  it('should let a client with fewer open checkouts than the limit start one', () => {
    expect(checkoutWait([row(5), row(90)], NOW, LIMITS)).toBeNull();
    // Paid, failed, expired and abandoned ones (link over a day old) hold no slot.
    expect(
      checkoutWait(
        [row(5, 'approved'), row(6, 'rejected'), row(7, 'expired'), row(25 * 60), row(26 * 60)],
        NOW,
        LIMITS,
      ),
    ).toBeNull();
  });

  it('should refuse a fourth open checkout until the oldest one’s link expires', () => {
    const wait = checkoutWait([row(120), row(100), row(90)], NOW, LIMITS);
    expect(wait).toEqual({ reason: 'open', until: new Date(NOW.getTime() + (24 * 60 - 120) * MINUTE) });
  });

  it('should hold a cash payment under way (pending) until its deadline, days after the link', () => {
    const pending = row(23 * 60, 'pending');
    const wait = checkoutWait([pending, row(10), row(20)], NOW, LIMITS);
    // Three open: the pending one until its deadline (two days away), the new ones while their links
    // work; the first slot frees when the older new one's link ends.
    expect(wait).toEqual({ reason: 'open', until: new Date(NOW.getTime() + (24 * 60 - 20) * MINUTE) });
    expect(checkoutWait([pending, row(25 * 60), row(26 * 60)], NOW, LIMITS)).toBeNull();
  });

  it('should refuse the eleventh checkout of the hour until the first of them is an hour old', () => {
    const rows = [55, 50, 45, 40, 35, 30, 25, 20, 15, 10].map((minutes) => row(minutes, 'rejected'));
    expect(checkoutWait(rows, NOW, LIMITS)).toEqual({ reason: 'hour', until: new Date(NOW.getTime() + 5 * MINUTE) });
    expect(checkoutWait(rows.slice(1), NOW, LIMITS)).toBeNull();
  });

  it('should not count checkouts whose preference Mercado Pago never created', () => {
    const failed = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((minutes) => row(minutes, 'cancelled', 'preference_failed'));
    expect(checkoutWait(failed, NOW, LIMITS)).toBeNull();
  });

  it('should name the later of the two waits when both limits are reached', () => {
    const rows = [row(50), row(40), row(30), ...[25, 20, 15, 10, 5, 3, 1].map((m) => row(m, 'rejected'))];
    expect(checkoutWait(rows, NOW, LIMITS)).toEqual({
      reason: 'open',
      until: new Date(NOW.getTime() + (24 * 60 - 50) * MINUTE),
    });
  });
});
