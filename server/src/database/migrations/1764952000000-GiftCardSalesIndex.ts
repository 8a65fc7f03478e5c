import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The dashboard's gift card sales of a period ("Tarjetas de regalo vendidas"): the cards paid in
 * it, read from this index alone (approval time, status and amount), not from every card sold.
 */
export class GiftCardSalesIndex1764952000000 implements MigrationInterface {
  name = 'GiftCardSalesIndex1764952000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'gift_cards',
      new TableIndex({
        name: 'ix_gift_cards_approved_figures',
        columnNames: ['approved_at', 'status', 'amount_cents'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('gift_cards', 'ix_gift_cards_approved_figures');
  }
}
