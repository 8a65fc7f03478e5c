import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClassType } from '../../class-types/entities';
import { Plan } from './plan.entity';

/** A catalogue plan limited to some class types (a prenatal pack): one row per type; none, every type. */
@Entity('plan_class_types')
@Index('ix_plan_class_types_type', ['classTypeId'])
export class PlanClassType {
  @PrimaryColumn({ name: 'plan_id', type: 'int' })
  planId!: number;

  @PrimaryColumn({ name: 'class_type_id', type: 'int' })
  classTypeId!: number;

  @ManyToOne(() => Plan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'fk_plan_class_types_plan_id' })
  plan?: Plan;

  @ManyToOne(() => ClassType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'class_type_id', foreignKeyConstraintName: 'fk_plan_class_types_class_type_id' })
  classType?: ClassType;
}
