import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In, LessThan } from 'typeorm';
import { OPEN_ARCO_STATUSES, type ArcoStatus } from './arco-rights';
import { ArcoRequest } from './entities/arco-request.entity';

/** How many overdue requests the dashboard lists (the count says how many there are). */
const OVERDUE_LISTED = 20;
/** The admin list shows the newest requests, at most this many. */
const LISTED = 500;

/** All SQL of the ARCO requests. */
@Injectable()
export class ArcoRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The highest sequence given in a year (0 before the year's first request). */
  async lastSequence(year: number): Promise<number> {
    const [row]: { n: number | string | null }[] = await this.txHost.tx.query(
      'SELECT MAX(folio_sequence) AS n FROM arco_requests WHERE folio_year = ?',
      [year],
    );
    return Number(row?.n ?? 0);
  }

  /** Inserts a request; a folio taken meanwhile by another request fails on the unique index. */
  insert(request: Omit<ArcoRequest, 'id' | 'user'>): Promise<ArcoRequest> {
    const tx = this.txHost.tx;
    return tx.save(tx.create(ArcoRequest, request));
  }

  findById(id: number): Promise<ArcoRequest | null> {
    return this.txHost.tx.findOneBy(ArcoRequest, { id });
  }

  /** Newest first. */
  list(): Promise<ArcoRequest[]> {
    return this.txHost.tx.find(ArcoRequest, { order: { receivedAt: 'DESC', id: 'DESC' }, take: LISTED });
  }

  async updateStatus(id: number, changes: Pick<ArcoRequest, 'status' | 'answeredAt' | 'responseNote'>): Promise<void> {
    await this.txHost.tx.update(ArcoRequest, { id }, changes);
  }

  /** Open requests (recibida, en_proceso) whose due date is before `today`: how many, the oldest first. */
  async overdue(today: string): Promise<{ count: number; items: ArcoRequest[] }> {
    const where = { status: In(OPEN_ARCO_STATUSES as ArcoStatus[]), dueDate: LessThan(today) };
    const [items, count] = await this.txHost.tx.findAndCount(ArcoRequest, {
      where,
      order: { dueDate: 'ASC', id: 'ASC' },
      take: OVERDUE_LISTED,
    });
    return { count, items };
  }

  openCount(): Promise<number> {
    return this.txHost.tx.countBy(ArcoRequest, { status: In(OPEN_ARCO_STATUSES as ArcoStatus[]) });
  }
}
