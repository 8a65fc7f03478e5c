import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's tools: the claim of the "your plan ends soon" mail (one per plan), and the indexes
 * the dashboard's and the exports' period queries range over.
 */
export class OwnerTools1764600000000 implements MigrationInterface {
  name = 'OwnerTools1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE user_plans ADD COLUMN ending_reminder_sent_at datetime NULL');
    // Revenue by approval instant; plans given and new clients by creation instant.
    await queryRunner.query('CREATE INDEX ix_payments_approved ON payments (approved_at)');
    await queryRunner.query('CREATE INDEX ix_user_plans_created ON user_plans (created_at)');
    // Plans ending soon (the reminder job and the dashboard's list) range over end_date alone.
    await queryRunner.query('CREATE INDEX ix_user_plans_end ON user_plans (end_date)');
    await queryRunner.query('CREATE INDEX ix_users_created ON users (created_at)');
    // Covering indexes: the dashboard's occupancy and attendance read a year of classes and their
    // reservations from the indexes alone, without visiting the table rows.
    await queryRunner.query(
      'CREATE INDEX ix_class_sessions_date_figures ON class_sessions (date, status, schedule_id, start_time, capacity, reserved_count)',
    );
    await queryRunner.query(
      'CREATE INDEX ix_reservations_session_attendance ON reservations (class_session_id, status, attended)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // DROP INDEX differs between SQLite and MySQL; TypeORM's runner speaks both.
    await queryRunner.dropIndex('reservations', 'ix_reservations_session_attendance');
    await queryRunner.dropIndex('class_sessions', 'ix_class_sessions_date_figures');
    await queryRunner.dropIndex('users', 'ix_users_created');
    await queryRunner.dropIndex('user_plans', 'ix_user_plans_end');
    await queryRunner.dropIndex('user_plans', 'ix_user_plans_created');
    await queryRunner.dropIndex('payments', 'ix_payments_approved');
    await queryRunner.query('ALTER TABLE user_plans DROP COLUMN ending_reminder_sent_at');
  }
}
