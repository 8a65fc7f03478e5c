import { MigrationInterface, QueryRunner } from 'typeorm';
import { recountAttendanceSql } from '../../reservations/entities';

/**
 * Each user's attendance and no-shows stored on their row (see reservations/attendance-counts.ts),
 * set here from the reservations already marked, then kept by the app.
 */
export class AttendanceCounts1764890000000 implements MigrationInterface {
  name = 'AttendanceCounts1764890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users ADD COLUMN attended_count integer NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE users ADD COLUMN no_show_count integer NOT NULL DEFAULT 0');
    await queryRunner.query(recountAttendanceSql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users DROP COLUMN no_show_count');
    await queryRunner.query('ALTER TABLE users DROP COLUMN attended_count');
  }
}
