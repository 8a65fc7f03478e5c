import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A substitute on one class date: class_sessions.substitute marks a row whose instructor was set
 * for that date (not the timetable's), so a timetable change of instructor leaves it alone and the
 * booking row says "(suplente)".
 */
export class ClassSubstitutes1764959000000 implements MigrationInterface {
  name = 'ClassSubstitutes1764959000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query('ALTER TABLE class_sessions ADD COLUMN substitute boolean NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE class_sessions DROP COLUMN substitute');
  }
}
