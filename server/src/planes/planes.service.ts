import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CataloguePlanDto } from './dto/catalogue.dto';
import { Plan } from './entities/plan.entity';

export const toCataloguePlan = (plan: Plan): CataloguePlanDto => ({
  id: plan.id,
  name: plan.name,
  price: plan.priceCents / 100,
  classes: plan.classCount,
});

@Injectable()
export class PlanesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The plans clients can buy, in the studio's order. */
  async visibleCatalogue(): Promise<CataloguePlanDto[]> {
    const plans = await this.dataSource.manager.find(Plan, {
      where: { visible: true },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    return plans.map(toCataloguePlan);
  }
}
