import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Promo codes (promo_codes), the codes guessed wrong (promo_code_attempts), and on each purchase
 * the code it used and the discount (payments.promo_code_id, payments.discount_cents).
 */
export class PromoCodes1764941000000 implements MigrationInterface {
  name = 'PromoCodes1764941000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'promo_codes',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'code', type: 'varchar', length: '30' },
          { name: 'kind', type: 'varchar', length: '10' },
          { name: 'value', type: 'integer' },
          { name: 'valid_from', type: 'date' },
          { name: 'valid_to', type: 'date' },
          { name: 'max_uses', type: 'integer' },
          { name: 'max_uses_per_client', type: 'integer' },
          { name: 'plan_ids', type: 'varchar', length: '500', isNullable: true },
          { name: 'new_clients_only', type: 'boolean', default: 0 },
          { name: 'active', type: 'boolean', default: 1 },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          // Stamped on UPDATE by MySQL, as @UpdateDateColumn describes it (SQLite ignores it).
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        indices: [{ name: 'uq_promo_codes_code', columnNames: ['code'], isUnique: true }],
        checks: [
          { name: 'ck_promo_codes_value', expression: 'value > 0' },
          { name: 'ck_promo_codes_limits', expression: 'max_uses >= 1 AND max_uses_per_client >= 1' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'promo_code_attempts',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'address', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [
          { name: 'ix_promo_code_attempts_user', columnNames: ['user_id', 'created_at'] },
          { name: 'ix_promo_code_attempts_address', columnNames: ['address', 'created_at'] },
        ],
      }),
    );
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query('ALTER TABLE payments ADD COLUMN promo_code_id integer NULL');
    await queryRunner.query('ALTER TABLE payments ADD COLUMN discount_cents integer NOT NULL DEFAULT 0');
    await queryRunner.query('CREATE INDEX ix_payments_promo_code ON payments (promo_code_id, status)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('payments', 'ix_payments_promo_code');
    await queryRunner.query('ALTER TABLE payments DROP COLUMN discount_cents');
    await queryRunner.query('ALTER TABLE payments DROP COLUMN promo_code_id');
    await queryRunner.dropTable('promo_code_attempts');
    await queryRunner.dropTable('promo_codes');
  }
}
