import { randomUUID } from 'node:crypto';
import { Payment, type PaymentMethod } from '../../src/payments/entities/payment.entity';
import type { Plan } from '../../src/planes/entities/plan.entity';
import { NOW } from './booking';
import type { TestApp } from './test-app';

/** A person's fiscal data the SAT accepts (RFC with its check digit, régimen 612, uso G03): an invoice's customer. */
export const FISCAL_CUSTOMER = {
  rfc: 'GODE561231GR8',
  legalName: 'Emilio Gómez Díaz',
  taxSystem: '612',
  zip: '52140',
  cfdiUse: 'G03',
  email: 'facturas@example.com',
};

/** The same, as a client saves it in "Datos de facturación". */
export const FISCAL = { ...FISCAL_CUSTOMER, autoInvoice: false };

/** Supertest's parser for a PDF or XML answer: its bytes. */
export const binary = (
  res: { on: (e: string, cb: (chunk?: Buffer) => void) => void },
  done: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk!));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** An approved purchase of `plan` by `userId`, as the checkout or the desk leaves it (efectivo, $1,200, NOW by default); its id. */
export async function planPurchase(
  t: TestApp,
  plan: Plan,
  userId: number,
  options: { approvedAt?: Date; method?: PaymentMethod; totalCents?: number } = {},
): Promise<number> {
  const totalCents = options.totalCents ?? 120_000;
  const saved = await t.dataSource.getRepository(Payment).save({
    userId,
    planId: plan.id,
    planName: plan.name,
    classCount: plan.classCount,
    priceCents: totalCents,
    commissionCents: 0,
    totalCents,
    method: options.method ?? 'efectivo',
    status: 'approved' as const,
    reference: `mostrador-${randomUUID()}`,
    paidCents: totalCents,
    approvedAt: options.approvedAt ?? NOW,
  });
  return saved.id;
}
