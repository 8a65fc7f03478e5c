import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DATETIME } from '../../core/database/column-types';

/**
 * A reservation's second class reminder, sent (Ajustes' "Segundo recordatorio"): its row is the
 * claim, so with several replicas running the job each second reminder goes out once. Its own table:
 * the first reminder's claim stays `reservations.reminder_sent_at`.
 */
@Entity('class_second_reminders')
export class SecondReminder {
  @PrimaryColumn({ name: 'reservation_id', type: 'int' })
  reservationId!: number;

  @Column({ name: 'sent_at', type: DATETIME, precision: null })
  sentAt!: Date;
}
