import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Gift cards (gift_cards), each client's gift balance (gift_balances) and its ledger
 * (gift_balance_movements), and on each purchase the part its buyer paid with that balance
 * (payments.balance_cents, payments.balance_status).
 */
export class GiftCards1764951000000 implements MigrationInterface {
  name = 'GiftCards1764951000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'gift_cards',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'buyer_id', type: 'integer' },
          { name: 'amount_cents', type: 'integer' },
          { name: 'commission_cents', type: 'integer' },
          { name: 'total_cents', type: 'integer' },
          { name: 'recipient_name', type: 'varchar', length: '100' },
          { name: 'recipient_email', type: 'varchar', length: '254' },
          { name: 'message', type: 'varchar', length: '500' },
          { name: 'deliver_on', type: 'date' },
          { name: 'status', type: 'varchar', length: '20', default: "'pending_payment'" },
          { name: 'code', type: 'varchar', length: '20', isNullable: true },
          { name: 'page_token', type: 'varchar', length: '40' },
          { name: 'reference', type: 'varchar', length: '60' },
          { name: 'payment_status', type: 'varchar', length: '20', default: "'created'" },
          { name: 'status_detail', type: 'varchar', length: '80', isNullable: true },
          { name: 'issue', type: 'varchar', length: '40', isNullable: true },
          { name: 'provider_payment_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'preference_id', type: 'varchar', length: '80', isNullable: true },
          { name: 'paid_cents', type: 'integer', isNullable: true },
          { name: 'refunded_cents', type: 'integer', default: 0 },
          { name: 'expires_at', type: 'datetime' },
          { name: 'approved_at', type: 'datetime', isNullable: true },
          { name: 'last_checked_at', type: 'datetime', isNullable: true },
          { name: 'sent_at', type: 'datetime', isNullable: true },
          { name: 'redeemed_by', type: 'integer', isNullable: true },
          { name: 'redeemed_at', type: 'datetime', isNullable: true },
          { name: 'voided_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_gift_cards_reference', columnNames: ['reference'], isUnique: true },
          { name: 'uq_gift_cards_code', columnNames: ['code'], isUnique: true },
          { name: 'uq_gift_cards_page_token', columnNames: ['page_token'], isUnique: true },
          { name: 'uq_gift_cards_provider_payment', columnNames: ['provider_payment_id'], isUnique: true },
          { name: 'ix_gift_cards_status', columnNames: ['status', 'deliver_on'] },
          { name: 'ix_gift_cards_buyer', columnNames: ['buyer_id', 'created_at'] },
        ],
        foreignKeys: [
          {
            name: 'fk_gift_cards_buyer_id',
            columnNames: ['buyer_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_gift_cards_redeemed_by',
            columnNames: ['redeemed_by'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
        ],
        checks: [
          {
            name: 'ck_gift_cards_amounts',
            expression: 'amount_cents > 0 AND commission_cents >= 0 AND total_cents = amount_cents + commission_cents',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'gift_balances',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          { name: 'balance_cents', type: 'integer', default: 0 },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [
          {
            name: 'fk_gift_balances_user_id',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
        checks: [{ name: 'ck_gift_balances_positive', expression: 'balance_cents >= 0' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'gift_balance_movements',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'delta_cents', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '20' },
          { name: 'payment_id', type: 'integer', isNullable: true },
          { name: 'gift_card_id', type: 'integer', isNullable: true },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [
          { name: 'ix_gift_balance_movements_user', columnNames: ['user_id', 'id'] },
          { name: 'uq_gift_balance_movements_card', columnNames: ['gift_card_id', 'kind'], isUnique: true },
          { name: 'ix_gift_balance_movements_payment', columnNames: ['payment_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_gift_balance_movements_user_id',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query('ALTER TABLE payments ADD COLUMN balance_cents integer NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE payments ADD COLUMN balance_status varchar(10) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE payments DROP COLUMN balance_status');
    await queryRunner.query('ALTER TABLE payments DROP COLUMN balance_cents');
    await queryRunner.dropTable('gift_balance_movements');
    await queryRunner.dropTable('gift_balances');
    await queryRunner.dropTable('gift_cards');
  }
}
