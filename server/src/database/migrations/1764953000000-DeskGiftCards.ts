import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Gift cards sold at the desk ("Venta en mostrador"): how each card was paid (gift_cards.method,
 * every earlier one by Mercado Pago) and what the desk received (gift_cards.received_cents). The
 * dashboard's money by method counts gift cards apart from plans, so ix_gift_cards_approved_figures
 * gains the method and the amounts charged and refunded, and the read stays on the index alone.
 */
export class DeskGiftCards1764953000000 implements MigrationInterface {
  name = 'DeskGiftCards1764953000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the table's CHECK constraints.
    await queryRunner.query("ALTER TABLE gift_cards ADD COLUMN method varchar(20) NOT NULL DEFAULT 'mercado_pago'");
    await queryRunner.query('ALTER TABLE gift_cards ADD COLUMN received_cents integer NULL');
    await replaceFigures(queryRunner, [...FIGURES, 'method', 'total_cents', 'paid_cents', 'refunded_cents']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await replaceFigures(queryRunner, FIGURES);
    await queryRunner.query('ALTER TABLE gift_cards DROP COLUMN received_cents');
    await queryRunner.query('ALTER TABLE gift_cards DROP COLUMN method');
  }
}

const FIGURES = ['approved_at', 'status', 'amount_cents'];

/** ix_gift_cards_approved_figures on these columns, through TypeORM's runner (both dialects, its cache kept right). */
async function replaceFigures(queryRunner: QueryRunner, columnNames: string[]): Promise<void> {
  const table = await queryRunner.getTable('gift_cards');
  if (!table) throw new Error('La tabla gift_cards no existe');
  if (table.indices.some((existing) => existing.name === 'ix_gift_cards_approved_figures')) {
    await queryRunner.dropIndex(table, 'ix_gift_cards_approved_figures');
  }
  await queryRunner.createIndex(table, new TableIndex({ name: 'ix_gift_cards_approved_figures', columnNames }));
}
