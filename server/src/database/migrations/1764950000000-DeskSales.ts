import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Front-desk sales ("Venta en mostrador"): how each payment was paid (payments.method, every
 * earlier one by Mercado Pago) and what the desk received for it (payments.received_cents). The
 * dashboard's revenue of a period splits by method, so ix_payments_approved_figures gains it and
 * the read stays on the index alone.
 */
export class DeskSales1764950000000 implements MigrationInterface {
  name = 'DeskSales1764950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query("ALTER TABLE payments ADD COLUMN method varchar(20) NOT NULL DEFAULT 'mercado_pago'");
    await queryRunner.query('ALTER TABLE payments ADD COLUMN received_cents integer NULL');
    await replaceFigures(queryRunner, [...FIGURES, 'method']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await replaceFigures(queryRunner, FIGURES);
    await queryRunner.query('ALTER TABLE payments DROP COLUMN received_cents');
    await queryRunner.query('ALTER TABLE payments DROP COLUMN method');
  }
}

const FIGURES = ['approved_at', 'status', 'issue', 'plan_name', 'paid_cents', 'total_cents', 'refunded_cents'];

/** ix_payments_approved_figures on these columns, through TypeORM's runner (both dialects, its cache kept right). */
async function replaceFigures(queryRunner: QueryRunner, columnNames: string[]): Promise<void> {
  const table = await queryRunner.getTable('payments');
  if (!table) throw new Error('La tabla payments no existe');
  if (table.indices.some((existing) => existing.name === 'ix_payments_approved_figures')) {
    await queryRunner.dropIndex(table, 'ix_payments_approved_figures');
  }
  await queryRunner.createIndex(table, new TableIndex({ name: 'ix_payments_approved_figures', columnNames }));
}
