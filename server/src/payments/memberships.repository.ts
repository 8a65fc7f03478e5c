import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { User } from '../auth/entities';
import { MembershipCharge } from './entities/membership-charge.entity';
import { MembershipPause } from './entities/membership-pause.entity';
import { Membership, type MembershipStatus } from './entities/membership.entity';

/** A line of the admin's list: the membership with its client. */
export interface MembershipLine {
  membership: Membership;
  clientName: string;
  clientEmail: string;
}

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

  /** A client's memberships waiting for their first charge (never paid). */
  pendingOf(userId: number): Promise<Membership[]> {
    return this.txHost.tx.find(Membership, { where: { userId, status: 'pending', periodsPaid: 0 } });
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

  /** The client's memberships that may still be shown (not cancelled, or cancelled on or after `today`), newest first. */
  shownOf(userId: number, today: string): Promise<Membership[]> {
    return this.txHost.tx
      .getRepository(Membership)
      .createQueryBuilder('m')
      .where('m.user_id = :userId', { userId })
      .andWhere("(m.status <> 'cancelled' OR m.cancels_on >= :today)", { today })
      .orderBy('m.id', 'DESC')
      .getMany();
  }

  pausesOf(membershipId: number): Promise<MembershipPause[]> {
    return this.txHost.tx.find(MembershipPause, { where: { membershipId }, order: { fromDate: 'ASC' } });
  }

  async insertPause(values: Pick<MembershipPause, 'membershipId' | 'fromDate' | 'toDate' | 'days'>): Promise<number> {
    const inserted = await this.txHost.tx.insert(MembershipPause, values);
    return Number(inserted.identifiers[0].id);
  }

  /** Pauses whose first day has come and that Mercado Pago was not asked to pause yet. */
  pausesToStart(today: string): Promise<MembershipPause[]> {
    return this.txHost.tx
      .getRepository(MembershipPause)
      .createQueryBuilder('p')
      .where('p.provider_paused_at IS NULL AND p.from_date <= :today AND p.to_date >= :today', { today })
      .orderBy('p.id', 'ASC')
      .getMany();
  }

  /** Pauses paused at Mercado Pago whose last day has passed and that were not resumed yet. */
  pausesToEnd(today: string): Promise<MembershipPause[]> {
    return this.txHost.tx
      .getRepository(MembershipPause)
      .createQueryBuilder('p')
      .where('p.provider_paused_at IS NOT NULL AND p.provider_resumed_at IS NULL AND p.to_date < :today', { today })
      .orderBy('p.id', 'ASC')
      .getMany();
  }

  /** Claims a pause's start (or end) at Mercado Pago: true once; `at` null gives the claim back. */
  async claimPause(id: number, side: 'start' | 'end', at: Date | null): Promise<boolean> {
    const column = side === 'start' ? 'provider_paused_at' : 'provider_resumed_at';
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(MembershipPause)
      .set(side === 'start' ? { providerPausedAt: at } : { providerResumedAt: at })
      .where(`id = :id AND ${column} ${at === null ? 'IS NOT NULL' : 'IS NULL'}`, { id })
      .execute();
    return claimed.affected === 1;
  }

  /** Claims a charge's refund: true once per charge. */
  async claimRefund(chargeId: number, at: Date): Promise<boolean> {
    const claimed = await this.txHost.tx
      .createQueryBuilder()
      .update(MembershipCharge)
      .set({ refundedAt: at })
      .where('id = :id AND refunded_at IS NULL', { id: chargeId })
      .execute();
    return claimed.affected === 1;
  }

  /** The admin's list: newest first, 20 a page, with each client's name and e-mail; and how many in all. */
  async page(status: MembershipStatus | null, page: number, limit: number): Promise<[MembershipLine[], number]> {
    const query = this.txHost.tx
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.user_id')
      .select('m')
      .addSelect('u.name', 'clientName')
      .addSelect('u.email', 'clientEmail');
    if (status) query.where('m.status = :status', { status });
    const total = await query.clone().getCount();
    const { entities, raw } = await query
      .orderBy('m.id', 'DESC')
      .offset((page - 1) * limit)
      .limit(limit)
      .getRawAndEntities<{ clientName: string; clientEmail: string }>();
    return [
      entities.map((membership, i) => ({
        membership,
        clientName: String(raw[i].clientName),
        clientEmail: String(raw[i].clientEmail),
      })),
      total,
    ];
  }

  client(userId: number): Promise<Pick<User, 'id' | 'name' | 'email'> | null> {
    return this.txHost.tx.findOne(User, { where: { id: userId }, select: { id: true, name: true, email: true } });
  }
}
