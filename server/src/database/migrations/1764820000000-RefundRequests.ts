import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Refund idempotency keys, each bound to the payment and the amount it first came with. */
export class RefundRequests1764820000000 implements MigrationInterface {
  name = 'RefundRequests1764820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'refund_requests',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'idempotency_key', type: 'varchar', length: '36' },
          { name: 'payment_id', type: 'integer' },
          { name: 'amount_cents', type: 'integer', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_refund_requests_key', columnNames: ['idempotency_key'], isUnique: true },
          { name: 'ix_refund_requests_payment', columnNames: ['payment_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_refund_requests_payment_id',
            columnNames: ['payment_id'],
            referencedTableName: 'payments',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('refund_requests');
  }
}
