import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Clients' data rights, «Mis datos»: one row per download link a client asked for. The files are
 * made again from the database on each download (no copy of anyone's data waits on disk); the row
 * holds only the link's hash, its owner and when it ends, and counts towards the daily limit.
 */
export class DataExports1764972000000 implements MigrationInterface {
  name = 'DataExports1764972000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'data_exports',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'datetime' },
          { name: 'expires_at', type: 'datetime' },
        ],
        indices: [
          { name: 'uq_data_exports_token', columnNames: ['token_hash'], isUnique: true },
          { name: 'ix_data_exports_user', columnNames: ['user_id', 'created_at'] },
          { name: 'ix_data_exports_expires', columnNames: ['expires_at'] },
        ],
        foreignKeys: [
          {
            name: 'fk_data_exports_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('data_exports');
  }
}
