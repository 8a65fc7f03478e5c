import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** The waitlist of full classes, its count on the class, and the late promotion's cancellation grace. */
export class Waitlist1764400000000 implements MigrationInterface {
  name = 'Waitlist1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the tables' CHECK constraints.
    await queryRunner.query('ALTER TABLE class_sessions ADD COLUMN waiting_count int NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN cancel_grace_until datetime NULL');
    await queryRunner.createTable(
      new Table({
        name: 'waitlist_entries',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'class_session_id', type: 'int' },
          { name: 'user_id', type: 'int' },
          { name: 'status', type: 'varchar', length: '10', default: "'waiting'" },
          { name: 'waiting_marker', type: 'int', isNullable: true, default: 1 },
          { name: 'reason', type: 'varchar', length: '40', isNullable: true },
          { name: 'reservation_id', type: 'int', isNullable: true },
          { name: 'created_at', type: 'datetime' },
          { name: 'ended_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          // One waiting entry per class and client; ended rows have a NULL marker.
          {
            name: 'uq_waitlist_waiting',
            columnNames: ['class_session_id', 'user_id', 'waiting_marker'],
            isUnique: true,
          },
          { name: 'ix_waitlist_class_status', columnNames: ['class_session_id', 'status'] },
          { name: 'ix_waitlist_user_status', columnNames: ['user_id', 'status'] },
        ],
        foreignKeys: [
          {
            name: 'fk_waitlist_class',
            columnNames: ['class_session_id'],
            referencedTableName: 'class_sessions',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          },
          {
            name: 'fk_waitlist_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('waitlist_entries');
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN cancel_grace_until');
    await queryRunner.query('ALTER TABLE class_sessions DROP COLUMN waiting_count');
  }
}
