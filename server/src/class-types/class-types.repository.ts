import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { ClassType } from './entities/class-type.entity';

const LIST_ORDER = { sortOrder: 'ASC', name: 'ASC', id: 'ASC' } as const;

/** All SQL of the class types. */
@Injectable()
export class ClassTypesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Every type in list order: sort order, then name. */
  all(): Promise<ClassType[]> {
    return this.txHost.tx.find(ClassType, { order: LIST_ORDER });
  }

  active(): Promise<ClassType[]> {
    return this.txHost.tx.find(ClassType, { where: { active: true }, order: LIST_ORDER });
  }

  byId(id: number): Promise<ClassType | null> {
    return this.txHost.tx.findOneBy(ClassType, { id });
  }

  byIds(ids: number[]): Promise<ClassType[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.txHost.tx.find(ClassType, { where: { id: In(ids) } });
  }

  /** The highest sort position (0 when there is none). */
  async lastSortOrder(): Promise<number> {
    const last = await this.txHost.tx
      .createQueryBuilder(ClassType, 't')
      .select('MAX(t.sort_order)', 'max')
      .getRawOne<{ max: number | string | null }>();
    return Number(last?.max ?? 0);
  }

  save(type: ClassType | Partial<ClassType>): Promise<ClassType> {
    const tx = this.txHost.tx;
    return type instanceof ClassType ? tx.save(type) : tx.save(tx.create(ClassType, type));
  }
}
