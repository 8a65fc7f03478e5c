import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Facturas (CFDI 4.0): the clients' fiscal data (fiscal_profiles, one per user) and the invoices,
 * one per purchase (uq_invoices_purchase), with the queue columns that drive their issuing.
 */
export class Invoices1764966000000 implements MigrationInterface {
  name = 'Invoices1764966000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'fiscal_profiles',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'rfc', type: 'varchar', length: '13' },
          { name: 'legal_name', type: 'varchar', length: '254' },
          { name: 'tax_system', type: 'varchar', length: '3' },
          { name: 'zip', type: 'varchar', length: '5' },
          { name: 'cfdi_use', type: 'varchar', length: '4' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'auto_invoice', type: 'boolean', default: 0 },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        indices: [{ name: 'uq_fiscal_profiles_user', columnNames: ['user_id'], isUnique: true }],
        foreignKeys: [
          {
            name: 'fk_fiscal_profiles_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'invoices',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'purchase_kind', type: 'varchar', length: '12' },
          { name: 'purchase_id', type: 'integer' },
          { name: 'user_id', type: 'integer', isNullable: true },
          { name: 'period', type: 'varchar', length: '7' },
          { name: 'status', type: 'varchar', length: '12', default: "'pending'" },
          { name: 'total_cents', type: 'integer' },
          { name: 'payment_form', type: 'varchar', length: '2', isNullable: true },
          { name: 'rfc', type: 'varchar', length: '13' },
          { name: 'legal_name', type: 'varchar', length: '254' },
          { name: 'tax_system', type: 'varchar', length: '3' },
          { name: 'zip', type: 'varchar', length: '5' },
          { name: 'cfdi_use', type: 'varchar', length: '4' },
          { name: 'email', type: 'varchar', length: '254', isNullable: true },
          { name: 'provider_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'uuid', type: 'varchar', length: '36', isNullable: true },
          { name: 'series', type: 'varchar', length: '25', isNullable: true },
          { name: 'folio_number', type: 'integer', isNullable: true },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'next_attempt_at', type: 'datetime' },
          { name: 'claimed_until', type: 'datetime', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'error_field', type: 'varchar', length: '20', isNullable: true },
          { name: 'issued_at', type: 'datetime', isNullable: true },
          { name: 'cancelled_at', type: 'datetime', isNullable: true },
          { name: 'cancel_motive', type: 'varchar', length: '2', isNullable: true },
          { name: 'needs_accountant', type: 'boolean', default: 0 },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_invoices_purchase', columnNames: ['purchase_kind', 'purchase_id'], isUnique: true },
          { name: 'ix_invoices_due', columnNames: ['status', 'next_attempt_at'] },
          { name: 'ix_invoices_period', columnNames: ['period', 'status'] },
          { name: 'ix_invoices_user', columnNames: ['user_id', 'created_at'] },
        ],
        checks: [{ name: 'ck_invoices_status', expression: "status IN ('pending', 'issued', 'failed', 'cancelled')" }],
        foreignKeys: [
          {
            name: 'fk_invoices_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('invoices');
    await queryRunner.dropTable('fiscal_profiles');
  }
}
