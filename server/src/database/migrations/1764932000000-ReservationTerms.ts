import { MigrationInterface, QueryRunner } from 'typeorm';

/** The policy in force before this migration (CANCEL_HOURS, default 12): what existing bookings were sold with. */
function cancelHoursInForce(): number {
  const hours = Number(process.env.CANCEL_HOURS ?? '');
  return Number.isInteger(hours) && hours >= 0 && hours <= 168 ? hours : 12;
}

/**
 * A reservation keeps the terms it was sold with, and what happened to it after the deadline:
 * - cancel_hours: the cancellation window at booking time (a later policy change never moves it);
 *   existing rows get the window in force now. NULL only on rows written around the app.
 * - late_released_at: the client released the place after the deadline; the class was not returned.
 * - forgiven_at / forgiven_by / forgive_reason: an admin forgave a late release or a no-show.
 */
export class ReservationTerms1764932000000 implements MigrationInterface {
  name = 'ReservationTerms1764932000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN cancel_hours integer NULL');
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN late_released_at datetime NULL');
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN forgiven_at datetime NULL');
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN forgiven_by integer NULL');
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN forgive_reason varchar(200) NULL');
    await queryRunner.query('UPDATE reservations SET cancel_hours = ?', [cancelHoursInForce()]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN forgive_reason');
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN forgiven_by');
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN forgiven_at');
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN late_released_at');
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN cancel_hours');
  }
}
