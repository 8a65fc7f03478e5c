import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DATETIME } from '../../core/database/column-types';

/** The mail sent the day after an intro plan's class was attended: its row is the claim (once, any replica). */
@Entity('intro_followups')
export class IntroFollowup {
  @PrimaryColumn({ name: 'user_plan_id', type: 'int' })
  userPlanId!: number;

  @Column({ name: 'sent_at', type: DATETIME, precision: null })
  sentAt!: Date;
}
