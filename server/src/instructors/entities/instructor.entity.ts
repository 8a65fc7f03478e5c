import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../../auth/entities';
import { booleanTransformer, createdAtColumn, updatedAtColumn } from '../../core/database/column-types';

/** ["Prenatal", "Rehabilitación"] ↔ "Prenatal\nRehabilitación" (a specialty never holds a line break). */
const specialtiesTransformer = {
  to: (list: string[] | undefined) => (list === undefined ? undefined : list.join('\n')),
  from: (text: string | null | undefined) => (text ? text.split('\n') : []),
};

/**
 * An instructor's profile: the name the timetable, the booking page and the mails show, and the
 * public page ("Nuestros instructores"). `user_id` links it to the account of the same person
 * (role `instructor`); null for a profile without an account, as the migrated timetable names are.
 * Profiles are never deleted: an instructor who leaves is made inactive, and the classes they
 * taught keep their name.
 */
@Entity('instructors')
@Index('uq_instructors_user', ['userId'], { unique: true })
@Index('uq_instructors_slug', ['slug'], { unique: true })
export class Instructor {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId!: number | null;

  // Many-to-one with uq_instructors_user: a one-to-one would add an index of its own.
  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_instructors_user_id' })
  user?: User | null;

  /** The display name, 1–60 characters. */
  @Column({ type: 'varchar', length: 60 })
  name!: string;

  /** The page's URL part (/pilates/instructores/<slug>), from the name. */
  @Column({ type: 'varchar', length: 80 })
  slug!: string;

  @Column({ type: 'varchar', length: 600 })
  bio!: string;

  /** Up to 6 short texts ("Prenatal"), in the order the admin gave them. */
  @Column({ type: 'varchar', length: 300, transformer: specialtiesTransformer })
  specialties!: string[];

  @Column({ type: 'boolean', default: true, transformer: booleanTransformer })
  active!: boolean;

  /** Lower first on the lists ("Nuestros instructores", the Horario select). */
  @Column({ name: 'sort_order', type: 'int', default: 0 })
  sortOrder!: number;

  /** Pay for each class taught, in centavos (the monthly report "Pago a instructores"). */
  @Column({ name: 'pay_per_class_cents', type: 'int', default: 0 })
  payPerClassCents!: number;

  /** Pay for each attendee of a class above `payAttendeeThreshold`, in centavos. */
  @Column({ name: 'pay_per_attendee_cents', type: 'int', default: 0 })
  payPerAttendeeCents!: number;

  /** How many attendees a class's base pay covers: 4 pays the per-attendee part from the 5th. */
  @Column({ name: 'pay_attendee_threshold', type: 'int', default: 0 })
  payAttendeeThreshold!: number;
  /** The photo's key (`<id>-<content hash>`, see instructor-photos.ts); null without a photo. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  photo!: string | null;

  @CreateDateColumn(createdAtColumn())
  createdAt!: Date;

  @UpdateDateColumn(updatedAtColumn())
  updatedAt!: Date;
}
