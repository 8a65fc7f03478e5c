import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * A studio's years of history must not slow the pages that show the same few rows: indexes that
 * let each hot read walk only what it shows, and two things the reads cannot get from an index.
 * - reservations.class_date: the class's date (class_sessions.date, which never changes), copied
 *   when the reservation is written, so "Mis clases" walks a client's reservations in date order
 *   from the index instead of sorting all of them; with `attended` in the same index, a client's
 *   attendance counts read the index alone.
 * - row_counts: the audit log's size, kept by every audit insert in its transaction, because
 *   counting a table of years of entries costs milliseconds on InnoDB (the page's exact total).
 * - covering indexes for the dashboard's year (payments by approval, plans by creation, users by
 *   creation, the clients export's bookings), a client's plans newest first, a client's recent
 *   purchases, the users search.
 */
export class HistoryScale1764860000000 implements MigrationInterface {
  name = 'HistoryScale1764860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN class_date date NULL');
    // Portable: a correlated subquery on another table (MySQL allows it, SQLite has no UPDATE … JOIN).
    await queryRunner.query(
      'UPDATE reservations SET class_date = (SELECT c.date FROM class_sessions c WHERE c.id = reservations.class_session_id)',
    );
    // Created before the old one goes: on MySQL the user_id foreign key needs an index starting with it.
    await queryRunner.query(
      'CREATE INDEX ix_reservations_user_class ON reservations (user_id, status, class_date, attended)',
    );
    await queryRunner.dropIndex('reservations', 'ix_reservations_user');
    // The clients export's bookings per client of a period, from the period's classes and this index alone.
    await queryRunner.dropIndex('reservations', 'ix_reservations_session_attendance');
    await queryRunner.query(
      'CREATE INDEX ix_reservations_session_attendance ON reservations (class_session_id, status, attended, user_id)',
    );

    await queryRunner.query('CREATE INDEX ix_payments_user_created ON payments (user_id, created_at)');
    await queryRunner.query(
      'CREATE INDEX ix_payments_approved_figures ON payments (approved_at, status, issue, plan_name, paid_cents, total_cents, refunded_cents)',
    );
    await queryRunner.dropIndex('payments', 'ix_payments_approved');

    await queryRunner.query('CREATE INDEX ix_user_plans_user ON user_plans (user_id)');
    await queryRunner.query(
      'CREATE INDEX ix_user_plans_created_figures ON user_plans (created_at, source, is_paid, plan_id, plan_name)',
    );
    await queryRunner.dropIndex('user_plans', 'ix_user_plans_created');

    await queryRunner.query('CREATE INDEX ix_users_created_role ON users (created_at, role)');
    await queryRunner.dropIndex('users', 'ix_users_created');
    await queryRunner.query('CREATE INDEX ix_users_search ON users (name, email)');

    await queryRunner.createTable(
      new Table({
        name: 'row_counts',
        columns: [
          { name: 'name', type: 'varchar', length: '40', isPrimary: true },
          { name: 'total', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.query("INSERT INTO row_counts (name, total) SELECT 'audit_log', COUNT(*) FROM audit_log");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('row_counts');
    await queryRunner.dropIndex('users', 'ix_users_search');
    await queryRunner.query('CREATE INDEX ix_users_created ON users (created_at)');
    await queryRunner.dropIndex('users', 'ix_users_created_role');
    await queryRunner.query('CREATE INDEX ix_user_plans_created ON user_plans (created_at)');
    await queryRunner.dropIndex('user_plans', 'ix_user_plans_created_figures');
    await queryRunner.dropIndex('user_plans', 'ix_user_plans_user');
    await queryRunner.query('CREATE INDEX ix_payments_approved ON payments (approved_at)');
    await queryRunner.dropIndex('payments', 'ix_payments_approved_figures');
    await queryRunner.dropIndex('payments', 'ix_payments_user_created');
    await queryRunner.dropIndex('reservations', 'ix_reservations_session_attendance');
    await queryRunner.query(
      'CREATE INDEX ix_reservations_session_attendance ON reservations (class_session_id, status, attended)',
    );
    await queryRunner.query('CREATE INDEX ix_reservations_user ON reservations (user_id, status)');
    await queryRunner.dropIndex('reservations', 'ix_reservations_user_class');
    await queryRunner.dropColumn('reservations', 'class_date');
  }
}
