import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * A reformer held while its client pays for a plan in the checkout, for at most 15 minutes
 * (reservations/entities/spot-hold.entity.ts).
 */
export class SpotHolds1764920000000 implements MigrationInterface {
  name = 'SpotHolds1764920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const foreignKey = (column: string, table: string) => ({
      name: `fk_spot_holds_${column}`,
      columnNames: [column],
      referencedTableName: table,
      referencedColumnNames: ['id'],
      onDelete: 'RESTRICT',
      onUpdate: 'NO ACTION',
    });
    await queryRunner.createTable(
      new Table({
        name: 'spot_holds',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'payment_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'class_session_id', type: 'integer' },
          { name: 'date', type: 'date' },
          { name: 'schedule_id', type: 'integer' },
          { name: 'spot_id', type: 'integer' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'consumed_at', type: 'datetime', isNullable: true },
          { name: 'reservation_id', type: 'integer', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_spot_holds_payment', columnNames: ['payment_id'], isUnique: true },
          { name: 'ix_spot_holds_date', columnNames: ['date', 'expires_at'] },
          { name: 'ix_spot_holds_class', columnNames: ['class_session_id', 'expires_at'] },
          { name: 'ix_spot_holds_user', columnNames: ['user_id', 'expires_at'] },
          { name: 'ix_spot_holds_open', columnNames: ['consumed_at', 'expires_at'] },
        ],
        foreignKeys: [
          foreignKey('user_id', 'users'),
          foreignKey('class_session_id', 'class_sessions'),
          foreignKey('spot_id', 'spots'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('spot_holds');
  }
}
