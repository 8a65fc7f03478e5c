import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Mails not yet delivered, retried until the mail server takes them (a failed send never undoes what caused it). */
export class MailQueue1764000000000 implements MigrationInterface {
  name = 'MailQueue1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'mail_queue',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'recipient', type: 'varchar', length: '254' },
          { name: 'subject', type: 'varchar', length: '255' },
          { name: 'html', type: 'text' },
          { name: 'text', type: 'text' },
          { name: 'attachments', type: 'text', isNullable: true },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'next_attempt_at', type: 'datetime' },
          { name: 'claimed_until', type: 'datetime', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'sent_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [{ name: 'ix_mail_queue_due', columnNames: ['sent_at', 'next_attempt_at'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('mail_queue');
  }
}
