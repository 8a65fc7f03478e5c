import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reservation's calendar event revision (RFC 5545 SEQUENCE): reservations.calendar_sequence,
 * raised with every change a calendar must follow (the reformer, a cancellation), so the feed and
 * the mailed events update the client's calendar in place (same UID, higher SEQUENCE).
 */
export class CalendarSequence1764958000000 implements MigrationInterface {
  name = 'CalendarSequence1764958000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query('ALTER TABLE reservations ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reservations DROP COLUMN calendar_sequence');
  }
}
