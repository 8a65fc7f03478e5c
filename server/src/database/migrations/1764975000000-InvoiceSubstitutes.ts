import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Facturas (issue 39, point 6): an invoice re-issued with corrected data. The substitute is a new
 * row of the same purchase, one revision up (uq_invoices_purchase_revision replaces the one-per-
 * purchase key), naming the invoice it replaces (replaces_id, one substitute each); the replaced one
 * points back (replaced_by_id) and is cancelled with motive 01 once the substitute is stamped. A
 * cancellation the receiver must accept waits in cancellation_status.
 */
export class InvoiceSubstitutes1764975000000 implements MigrationInterface {
  name = 'InvoiceSubstitutes1764975000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraint.
    await queryRunner.query('ALTER TABLE invoices ADD COLUMN revision integer NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE invoices ADD COLUMN replaces_id integer NULL');
    await queryRunner.query('ALTER TABLE invoices ADD COLUMN replaced_by_id integer NULL');
    await queryRunner.query('ALTER TABLE invoices ADD COLUMN cancellation_status varchar(10) NULL');
    const table = await queryRunner.getTable('invoices');
    if (!table) throw new Error('La tabla invoices no existe');
    await queryRunner.dropIndex(table, 'uq_invoices_purchase');
    await queryRunner.createIndex(
      table,
      new TableIndex({
        name: 'uq_invoices_purchase_revision',
        columnNames: ['purchase_kind', 'purchase_id', 'revision'],
        isUnique: true,
      }),
    );
    await queryRunner.createIndex(
      table,
      new TableIndex({ name: 'uq_invoices_replaces', columnNames: ['replaces_id'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM invoices WHERE revision > 0');
    const table = await queryRunner.getTable('invoices');
    if (!table) throw new Error('La tabla invoices no existe');
    await queryRunner.dropIndex(table, 'uq_invoices_replaces');
    await queryRunner.dropIndex(table, 'uq_invoices_purchase_revision');
    await queryRunner.createIndex(
      table,
      new TableIndex({ name: 'uq_invoices_purchase', columnNames: ['purchase_kind', 'purchase_id'], isUnique: true }),
    );
    await queryRunner.query('ALTER TABLE invoices DROP COLUMN cancellation_status');
    await queryRunner.query('ALTER TABLE invoices DROP COLUMN replaced_by_id');
    await queryRunner.query('ALTER TABLE invoices DROP COLUMN replaces_id');
    await queryRunner.query('ALTER TABLE invoices DROP COLUMN revision');
  }
}
