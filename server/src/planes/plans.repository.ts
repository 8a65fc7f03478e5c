import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Plan } from './entities/plan.entity';
import { UserPlan } from './entities/user-plan.entity';

/** All SQL of the plan catalogue and of the plans clients hold. */
@Injectable()
export class PlansRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The plans clients can buy, in the studio's order. */
  visibleCatalogue(): Promise<Plan[]> {
    return this.dataSource.manager.find(Plan, { where: { visible: true }, order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  /** One page of a user's plans, newest first, and how many there are. */
  pageOfUser(userId: number, page: { offset: number; limit: number }): Promise<[UserPlan[], number]> {
    return this.dataSource.manager.findAndCount(UserPlan, {
      where: { userId },
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.limit,
    });
  }

  /** A user's unrevoked plans with classes left, the one that ends soonest first, then the oldest. */
  openPlansOf(manager: EntityManager = this.dataSource.manager, userId: number): Promise<UserPlan[]> {
    return manager
      .createQueryBuilder(UserPlan, 'p')
      .where('p.user_id = :userId AND p.classes_remaining > 0 AND p.revoked_at IS NULL', { userId })
      .orderBy('p.end_date', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .getMany();
  }

  /** Takes one class from a plan, only while it has one left and is not revoked. */
  async takeClass(manager: EntityManager, planId: number): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(UserPlan)
      .set({ classesRemaining: () => 'classes_remaining - 1' })
      .where('id = :id AND classes_remaining > 0 AND revoked_at IS NULL', { id: planId })
      .execute();
    return result.affected === 1;
  }

  /** Gives a class back to the plan it came from. */
  async giveClassBack(manager: EntityManager, planId: number): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(UserPlan)
      .set({ classesRemaining: () => 'classes_remaining + 1' })
      .where('id = :id', { id: planId })
      .execute();
  }
}
