import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

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
    // Plain ADD COLUMN works alike on SQLite and MySQL (TypeORM's addColumn rebuilds a SQLite table).
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN class_date date NULL');
    // Portable: a correlated subquery on another table (MySQL allows it, SQLite has no UPDATE … JOIN).
    await queryRunner.query(
      'UPDATE reservations SET class_date = (SELECT c.date FROM class_sessions c WHERE c.id = reservations.class_session_id)',
    );
    await replaceIndexes(queryRunner, 'reservations', {
      // Created before the old one goes: on MySQL the user_id foreign key needs an index starting with it.
      create: [
        index('ix_reservations_user_class', ['user_id', 'status', 'class_date', 'attended']),
        // The clients export's bookings per client of a period, from the period's classes and this index alone.
        index('ix_reservations_session_attendance_user', ['class_session_id', 'status', 'attended', 'user_id']),
      ],
      drop: ['ix_reservations_user', 'ix_reservations_session_attendance'],
    });
    await replaceIndexes(queryRunner, 'payments', {
      create: [
        index('ix_payments_user_created', ['user_id', 'created_at']),
        index('ix_payments_approved_figures', [
          'approved_at',
          'status',
          'issue',
          'plan_name',
          'paid_cents',
          'total_cents',
          'refunded_cents',
        ]),
      ],
      drop: ['ix_payments_approved'],
    });
    await replaceIndexes(queryRunner, 'user_plans', {
      create: [
        index('ix_user_plans_user', ['user_id']),
        index('ix_user_plans_created_figures', ['created_at', 'source', 'is_paid', 'plan_id', 'plan_name']),
      ],
      drop: ['ix_user_plans_created'],
    });
    await replaceIndexes(queryRunner, 'users', {
      create: [index('ix_users_created_role', ['created_at', 'role']), index('ix_users_search', ['name', 'email'])],
      drop: ['ix_users_created'],
    });

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
    await replaceIndexes(queryRunner, 'users', {
      create: [index('ix_users_created', ['created_at'])],
      drop: ['ix_users_created_role', 'ix_users_search'],
    });
    await replaceIndexes(queryRunner, 'user_plans', {
      create: [index('ix_user_plans_created', ['created_at'])],
      drop: ['ix_user_plans_created_figures', 'ix_user_plans_user'],
    });
    await replaceIndexes(queryRunner, 'payments', {
      create: [index('ix_payments_approved', ['approved_at'])],
      drop: ['ix_payments_approved_figures', 'ix_payments_user_created'],
    });
    await replaceIndexes(queryRunner, 'reservations', {
      create: [
        index('ix_reservations_user', ['user_id', 'status']),
        index('ix_reservations_session_attendance', ['class_session_id', 'status', 'attended']),
      ],
      drop: ['ix_reservations_user_class', 'ix_reservations_session_attendance_user'],
    });
    // Plain DROP COLUMN on both (SQLite 3.35+): no index names it any more.
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN class_date');
    await queryRunner.getTable('reservations');
  }
}

const index = (name: string, columnNames: string[]): TableIndex => new TableIndex({ name, columnNames });

/**
 * Creates then drops a table's indexes through TypeORM's runner, which speaks both dialects and
 * keeps its cached copy of the table right for later migrations. The table is read afresh first:
 * raw SQL (here and in earlier migrations) changes it behind that cache.
 */
async function replaceIndexes(
  queryRunner: QueryRunner,
  tableName: string,
  changes: { create: TableIndex[]; drop: string[] },
): Promise<void> {
  const table = await queryRunner.getTable(tableName);
  if (!table) throw new Error(`La tabla ${tableName} no existe`);
  for (const created of changes.create) await queryRunner.createIndex(table, created);
  // Only those there: a database built without one of the earlier migrations (the drift test's) lacks some.
  for (const dropped of changes.drop) {
    if (table.indices.some((existing) => existing.name === dropped)) await queryRunner.dropIndex(table, dropped);
  }
}
