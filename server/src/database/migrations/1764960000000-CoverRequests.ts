import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Cover requests: an instructor asks the studio for a substitute for one of their classes (a
 * timetable entry on a date), with an optional short note; the owner approves it by naming the
 * substitute, or declines it, and the instructor may withdraw it while it is open. `open_marker`
 * is 1 while open and NULL after, so the unique index allows one open request per class and date
 * on both MySQL and SQLite (NULLs never collide), keeping the history.
 */
export class CoverRequests1764960000000 implements MigrationInterface {
  name = 'CoverRequests1764960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'cover_requests',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'schedule_id', type: 'integer' },
          { name: 'class_date', type: 'date' },
          { name: 'instructor_id', type: 'integer' },
          { name: 'requested_by', type: 'integer' },
          { name: 'note', type: 'varchar', length: '200', isNullable: true },
          { name: 'status', type: 'varchar', length: '10', default: "'open'" },
          { name: 'open_marker', type: 'integer', isNullable: true, default: 1 },
          { name: 'substitute_id', type: 'integer', isNullable: true },
          { name: 'decided_by', type: 'integer', isNullable: true },
          { name: 'decided_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          {
            name: 'uq_cover_requests_open',
            columnNames: ['schedule_id', 'class_date', 'open_marker'],
            isUnique: true,
          },
          // The owner's list of open requests, by class date.
          { name: 'ix_cover_requests_open_date', columnNames: ['open_marker', 'class_date'] },
          // An instructor's requests, by class date (their page).
          { name: 'ix_cover_requests_instructor', columnNames: ['instructor_id', 'class_date'] },
        ],
        checks: [
          {
            name: 'ck_cover_requests_status',
            expression:
              "(status = 'open' AND open_marker = 1) OR (status IN ('approved', 'declined', 'withdrawn') AND open_marker IS NULL)",
          },
        ],
        foreignKeys: [
          {
            name: 'fk_cover_requests_schedule_id',
            columnNames: ['schedule_id'],
            referencedTableName: 'schedules',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_cover_requests_instructor_id',
            columnNames: ['instructor_id'],
            referencedTableName: 'instructors',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_cover_requests_requested_by',
            columnNames: ['requested_by'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_cover_requests_substitute_id',
            columnNames: ['substitute_id'],
            referencedTableName: 'instructors',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_cover_requests_decided_by',
            columnNames: ['decided_by'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('cover_requests');
  }
}
