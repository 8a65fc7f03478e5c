import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attendance at the door: whether a booked client came (NULL = not marked yet, true = came,
 * false = did not come), when and by whom it was marked.
 */
export class Attendance1764500000000 implements MigrationInterface {
  name = 'Attendance1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN attended boolean NULL');
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN attendance_marked_at datetime NULL');
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN attendance_marked_by int NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN attendance_marked_by');
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN attendance_marked_at');
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN attended');
  }
}
