import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** The auth endpoints' per-address counters, shared by every replica. */
export class AuthRateLimits1764300000000 implements MigrationInterface {
  name = 'AuthRateLimits1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'auth_rate_limits',
        columns: [
          { name: 'bucket', type: 'varchar', length: '191', isPrimary: true },
          { name: 'hits', type: 'int' },
          { name: 'window_ends_at_ms', type: 'double' },
        ],
        indices: [{ name: 'ix_auth_rate_limits_window_ends', columnNames: ['window_ends_at_ms'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('auth_rate_limits');
  }
}
