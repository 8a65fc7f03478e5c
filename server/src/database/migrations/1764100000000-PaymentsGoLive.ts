import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Going live with Mercado Pago: purchases get an unguessable reference, the reason a
 * payment granted nothing, the refunded amount and the purchase a duplicate payment belongs to;
 * notifications are stored before they are processed, so none is lost.
 */
export class PaymentsGoLive1764100000000 implements MigrationInterface {
  name = 'PaymentsGoLive1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query('ALTER TABLE payments ADD COLUMN reference varchar(60) NULL');
    await queryRunner.query('ALTER TABLE payments ADD COLUMN issue varchar(40) NULL');
    await queryRunner.query('ALTER TABLE payments ADD COLUMN paid_cents int NULL');
    await queryRunner.query('ALTER TABLE payments ADD COLUMN refunded_cents int NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE payments ADD COLUMN duplicate_of int NULL');
    await queryRunner.query('CREATE UNIQUE INDEX uq_payments_reference ON payments (reference)');
    await queryRunner.query('CREATE INDEX ix_payments_checked ON payments (status, last_checked_at)');
    await queryRunner.createTable(
      new Table({
        name: 'payment_notifications',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'topic', type: 'varchar', length: '20' },
          { name: 'resource_id', type: 'varchar', length: '40' },
          { name: 'received', type: 'int', default: 1 },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'next_attempt_at', type: 'datetime' },
          { name: 'claimed_until', type: 'datetime', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'processed_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_payment_notifications_resource', columnNames: ['topic', 'resource_id'], isUnique: true },
          { name: 'ix_payment_notifications_due', columnNames: ['processed_at', 'next_attempt_at'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('payment_notifications');
    await queryRunner.dropIndex('payments', 'ix_payments_checked');
    await queryRunner.dropIndex('payments', 'uq_payments_reference');
    for (const column of ['duplicate_of', 'refunded_cents', 'paid_cents', 'issue', 'reference']) {
      await queryRunner.query(`ALTER TABLE payments DROP COLUMN ${column}`);
    }
  }
}
