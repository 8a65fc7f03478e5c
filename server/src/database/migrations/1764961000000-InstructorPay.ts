import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The instructors' pay rate, on their profile: centavos per class taught, plus centavos per
 * attendee above a threshold. One current rate (no history): the monthly report applies it to the
 * month asked for.
 */
export class InstructorPay1764961000000 implements MigrationInterface {
  name = 'InstructorPay1764961000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's constraints.
    await queryRunner.query('ALTER TABLE instructors ADD COLUMN pay_per_class_cents integer NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE instructors ADD COLUMN pay_per_attendee_cents integer NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE instructors ADD COLUMN pay_attendee_threshold integer NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE instructors DROP COLUMN pay_attendee_threshold');
    await queryRunner.query('ALTER TABLE instructors DROP COLUMN pay_per_attendee_cents');
    await queryRunner.query('ALTER TABLE instructors DROP COLUMN pay_per_class_cents');
  }
}
