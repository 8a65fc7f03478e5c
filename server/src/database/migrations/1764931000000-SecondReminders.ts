import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** The optional second class reminder's claims (reservations/entities/second-reminder.entity.ts). */
export class SecondReminders1764931000000 implements MigrationInterface {
  name = 'SecondReminders1764931000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'class_second_reminders',
        columns: [
          { name: 'reservation_id', type: 'integer', isPrimary: true },
          { name: 'sent_at', type: 'datetime' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('class_second_reminders');
  }
}
