import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** A reformer out of service over a range of studio days, with its reason (sala/entities/spot-outage.entity.ts). */
export class SpotOutages1764910000000 implements MigrationInterface {
  name = 'SpotOutages1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'spot_outages',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'spot_id', type: 'integer' },
          { name: 'from_date', type: 'date' },
          { name: 'to_date', type: 'date' },
          { name: 'reason', type: 'varchar', length: '120' },
          { name: 'created_by', type: 'integer' },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'ix_spot_outages_dates', columnNames: ['to_date', 'from_date', 'spot_id'] },
          { name: 'ix_spot_outages_spot', columnNames: ['spot_id', 'to_date'] },
        ],
        foreignKeys: [
          {
            name: 'fk_spot_outages_spot_id',
            columnNames: ['spot_id'],
            referencedTableName: 'spots',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('spot_outages');
  }
}
