import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClassType } from '../../class-types/entities';
import { UserPlan } from './user-plan.entity';

/**
 * The class types a plan a client holds is limited to, copied from its catalogue plan when it was
 * sold (as its name and classes are): a later change of the catalogue never changes a sold plan.
 * None: every type.
 */
@Entity('user_plan_class_types')
@Index('ix_user_plan_class_types_type', ['classTypeId'])
export class UserPlanClassType {
  @PrimaryColumn({ name: 'user_plan_id', type: 'int' })
  userPlanId!: number;

  @PrimaryColumn({ name: 'class_type_id', type: 'int' })
  classTypeId!: number;

  @ManyToOne(() => UserPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_plan_id', foreignKeyConstraintName: 'fk_user_plan_class_types_user_plan_id' })
  userPlan?: UserPlan;

  @ManyToOne(() => ClassType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'class_type_id', foreignKeyConstraintName: 'fk_user_plan_class_types_class_type_id' })
  classType?: ClassType;
}
