import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../auth/entities';
import { booleanTransformer, DATETIME } from '../../core/database/column-types';

/**
 * A client's health questionnaire (PAR-Q style) and emergency contact: one row per user, sensitive
 * personal data under the LFPDPPP, saved only with the client's express consent (when and from which
 * address). Plain columns rather than one JSON text: each answer is checked by the database, reads
 * as a column in «Mis datos»' CSV, and the roster's marker is one WHERE. Deleted with the account.
 */
@Entity('health_profiles')
@Index('uq_health_profiles_user', ['userId'], { unique: true })
export class HealthProfile {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_health_profiles_user' })
  user?: User;

  @Column({ name: 'has_injuries', type: 'boolean', transformer: booleanTransformer })
  hasInjuries!: boolean;

  /** The detail of a yes; '' with a no. */
  @Column({ type: 'varchar', length: 1000, default: '' })
  injuries!: string;

  @Column({ name: 'recent_surgery', type: 'boolean', transformer: booleanTransformer })
  recentSurgery!: boolean;

  @Column({ type: 'varchar', length: 1000, default: '' })
  surgery!: string;

  @Column({ type: 'boolean', transformer: booleanTransformer })
  pregnant!: boolean;

  @Column({ name: 'pregnancy_weeks', type: 'int', nullable: true })
  pregnancyWeeks!: number | null;

  @Column({ name: 'heart_or_blood_pressure', type: 'boolean', transformer: booleanTransformer })
  heartOrBloodPressure!: boolean;

  /** Anything else the instructor should know; '' when nothing. */
  @Column({ name: 'other_conditions', type: 'varchar', length: 1000, default: '' })
  otherConditions!: string;

  @Column({ name: 'emergency_name', type: 'varchar', length: 120 })
  emergencyName!: string;

  /** `+52` and 10 digits (the WhatsApp code's normaliser). */
  @Column({ name: 'emergency_phone', type: 'varchar', length: 13 })
  emergencyPhone!: string;

  @Column({ name: 'emergency_relationship', type: 'varchar', length: 60 })
  emergencyRelationship!: string;

  /** The express consent to the processing of sensitive data (LFPDPPP), renewed at each save. */
  @Column({ name: 'sensitive_consent_at', type: DATETIME })
  sensitiveConsentAt!: Date;

  @Column({ name: 'sensitive_consent_ip', type: 'varchar', length: 45 })
  sensitiveConsentIp!: string;

  @Column({ name: 'updated_at', type: DATETIME })
  updatedAt!: Date;
}

/** Whether the roster shows the marker: any yes, or something written under "otras condiciones". */
export const needsAttention = (
  p: Pick<HealthProfile, 'hasInjuries' | 'recentSurgery' | 'pregnant' | 'heartOrBloodPressure' | 'otherConditions'>,
): boolean =>
  p.hasInjuries || p.recentSurgery || p.pregnant || p.heartOrBloodPressure || p.otherConditions.trim() !== '';
