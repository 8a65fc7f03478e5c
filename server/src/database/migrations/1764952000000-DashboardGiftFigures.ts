import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The dashboard's discounts and gift cards of a period: the gift cards paid in it read from
 * ix_gift_cards_approved_figures alone (approval time, status and amount), and
 * ix_payments_approved_figures gains the purchases' discount and gift balance, so the period's
 * discounts and balance spent stay on the index alone too (MariaDB scanned payments otherwise).
 */
export class DashboardGiftFigures1764952000000 implements MigrationInterface {
  name = 'DashboardGiftFigures1764952000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'gift_cards',
      new TableIndex({
        name: 'ix_gift_cards_approved_figures',
        columnNames: ['approved_at', 'status', 'amount_cents'],
      }),
    );
    await replaceFigures(queryRunner, [...FIGURES, 'discount_cents', 'balance_cents', 'balance_status']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await replaceFigures(queryRunner, FIGURES);
    await queryRunner.dropIndex('gift_cards', 'ix_gift_cards_approved_figures');
  }
}

const FIGURES = [
  'approved_at',
  'status',
  'issue',
  'plan_name',
  'paid_cents',
  'total_cents',
  'refunded_cents',
  'method',
];

/** ix_payments_approved_figures on these columns, through TypeORM's runner (both dialects, its cache kept right). */
async function replaceFigures(queryRunner: QueryRunner, columnNames: string[]): Promise<void> {
  const table = await queryRunner.getTable('payments');
  if (!table) throw new Error('La tabla payments no existe');
  if (table.indices.some((existing) => existing.name === 'ix_payments_approved_figures')) {
    await queryRunner.dropIndex(table, 'ix_payments_approved_figures');
  }
  await queryRunner.createIndex(table, new TableIndex({ name: 'ix_payments_approved_figures', columnNames }));
}
