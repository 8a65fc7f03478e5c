import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Memberships: catalogue plans gain a kind ('pack' or 'membership') and a weekly limit (memberships:
 * null is unlimited, one class a day); a client's membership (memberships) is a Mercado Pago
 * subscription (preapproval) behind a plan the client holds; each of its monthly charges
 * (membership_charges, one row per authorized payment) extends it once.
 */
export class Memberships1764965000000 implements MigrationInterface {
  name = 'Memberships1764965000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query("ALTER TABLE plans ADD COLUMN kind varchar(12) NOT NULL DEFAULT 'pack'");
    await queryRunner.query('ALTER TABLE plans ADD COLUMN weekly_limit integer NULL');
    await queryRunner.createTable(
      new Table({
        name: 'memberships',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'plan_id', type: 'integer', isNullable: true },
          { name: 'plan_name', type: 'varchar', length: '80' },
          { name: 'weekly_limit', type: 'integer', isNullable: true },
          { name: 'price_cents', type: 'integer' },
          { name: 'commission_cents', type: 'integer' },
          { name: 'total_cents', type: 'integer' },
          { name: 'reference', type: 'varchar', length: '60' },
          { name: 'preapproval_id', type: 'varchar', length: '80', isNullable: true },
          { name: 'status', type: 'varchar', length: '12', default: "'pending'" },
          { name: 'provider_status', type: 'varchar', length: '20', isNullable: true },
          { name: 'user_plan_id', type: 'integer', isNullable: true },
          { name: 'anchor_date', type: 'date', isNullable: true },
          { name: 'periods_paid', type: 'integer', default: 0 },
          { name: 'paid_through', type: 'date', isNullable: true },
          { name: 'past_due_since', type: 'datetime', isNullable: true },
          { name: 'cancelled_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_memberships_reference', columnNames: ['reference'], isUnique: true },
          { name: 'uq_memberships_preapproval', columnNames: ['preapproval_id'], isUnique: true },
          { name: 'ix_memberships_user', columnNames: ['user_id', 'id'] },
          { name: 'ix_memberships_status', columnNames: ['status', 'past_due_since'] },
        ],
        checks: [
          {
            name: 'ck_memberships_status',
            expression: "status IN ('pending', 'active', 'paused', 'past_due', 'cancelled')",
          },
          { name: 'ck_memberships_amounts', expression: 'price_cents >= 0 AND total_cents >= price_cents' },
        ],
        foreignKeys: [
          {
            name: 'fk_memberships_user_id',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_memberships_plan_id',
            columnNames: ['plan_id'],
            referencedTableName: 'plans',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'fk_memberships_user_plan_id',
            columnNames: ['user_plan_id'],
            referencedTableName: 'user_plans',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'membership_charges',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'membership_id', type: 'integer' },
          { name: 'provider_charge_id', type: 'varchar', length: '40' },
          { name: 'provider_payment_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'payment_status', type: 'varchar', length: '20', isNullable: true },
          { name: 'amount_cents', type: 'integer', isNullable: true },
          { name: 'issue', type: 'varchar', length: '40', isNullable: true },
          { name: 'period_end', type: 'date', isNullable: true },
          { name: 'counted_at', type: 'datetime', isNullable: true },
          { name: 'failure_notified_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_membership_charges_provider', columnNames: ['provider_charge_id'], isUnique: true },
          { name: 'ix_membership_charges_membership', columnNames: ['membership_id', 'id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_membership_charges_membership_id',
            columnNames: ['membership_id'],
            referencedTableName: 'memberships',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('membership_charges');
    await queryRunner.dropTable('memberships');
    await queryRunner.query('ALTER TABLE plans DROP COLUMN weekly_limit');
    await queryRunner.query('ALTER TABLE plans DROP COLUMN kind');
  }
}
