import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { MembershipCharge } from './entities/membership-charge.entity';
import { Membership, type MembershipStatus } from './entities/membership.entity';

/** A membership that still holds (or may hold) the client: a new one is refused while one exists. */
const LIVE_STATUSES: MembershipStatus[] = ['active', 'paused', 'past_due'];

/** All SQL of memberships and their monthly charges. */
@Injectable()
export class MembershipsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async insert(values: Partial<Membership>): Promise<number> {
    const inserted = await this.txHost.tx.insert(Membership, values);
    return Number(inserted.identifiers[0].id);
  }

  byId(id: number): Promise<Membership | null> {
    return this.txHost.tx.findOneBy(Membership, { id });
  }

  byReference(reference: string): Promise<Membership | null> {
    return this.txHost.tx.findOneBy(Membership, { reference });
  }

  byPreapproval(preapprovalId: string): Promise<Membership | null> {
    return this.txHost.tx.findOneBy(Membership, { preapprovalId });
  }

  /** The client's membership that holds them now (active, paused or past due), if any. */
  liveOf(userId: number): Promise<Membership | null> {
    return this.txHost.tx.findOne(Membership, {
      where: { userId, status: In(LIVE_STATUSES) },
      order: { id: 'DESC' },
    });
  }

  /** A client's memberships, newest first. */
  allOf(userId: number): Promise<Membership[]> {
    return this.txHost.tx.find(Membership, { where: { userId }, order: { id: 'DESC' } });
  }

  async update(id: number, changes: Partial<Membership>): Promise<void> {
    await this.txHost.tx.update(Membership, { id }, changes);
  }

  /** Inside a transaction: holds the membership's row, so its charges are applied one at a time. */
  async lock(id: number): Promise<void> {
    await this.txHost.tx
      .createQueryBuilder()
      .update(Membership)
      .set({ periodsPaid: () => 'periods_paid' })
      .where('id = :id', { id })
      .execute();
  }

  /** One row per provider charge (created on its first report, updated on every later one); the row. */
  async recordCharge(
    membershipId: number,
    providerChargeId: string,
    values: Pick<MembershipCharge, 'status' | 'paymentStatus' | 'providerPaymentId' | 'amountCents'>,
  ): Promise<MembershipCharge> {
    await this.txHost.tx
      .createQueryBuilder()
      .insert()
      .into(MembershipCharge)
      .values({ membershipId, providerChargeId, ...values })
      .orIgnore()
      .updateEntity(false)
      .execute();
    await this.txHost.tx.update(MembershipCharge, { providerChargeId }, values);
    return this.txHost.tx.findOneByOrFail(MembershipCharge, { providerChargeId });
  }

  /** Claims an approved charge's period: true once per charge, however often it is reported. */
  async claimCount(chargeId: number, at: Date): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(MembershipCharge)
      .set({ countedAt: at })
      .where('id = :id AND counted_at IS NULL', { id: chargeId })
      .execute();
    return claimed.affected === 1;
  }

  /** Claims a failed charge's mail: true once per charge. */
  async claimFailureNotice(chargeId: number, at: Date): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(MembershipCharge)
      .set({ failureNotifiedAt: at })
      .where('id = :id AND failure_notified_at IS NULL', { id: chargeId })
      .execute();
    return claimed.affected === 1;
  }

  async updateCharge(id: number, changes: Partial<MembershipCharge>): Promise<void> {
    await this.txHost.tx.update(MembershipCharge, { id }, changes);
  }

  chargesOf(membershipId: number): Promise<MembershipCharge[]> {
    return this.txHost.tx.find(MembershipCharge, { where: { membershipId }, order: { id: 'DESC' } });
  }

  chargeById(id: number): Promise<MembershipCharge | null> {
    return this.txHost.tx.findOneBy(MembershipCharge, { id });
  }
}
