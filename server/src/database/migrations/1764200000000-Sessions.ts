import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Server-side sessions: logout and "cerrar sesión en todos los dispositivos" revoke them. */
export class Sessions1764200000000 implements MigrationInterface {
  name = 'Sessions1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'user_id', type: 'int' },
          { name: 'created_at', type: 'datetime' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'last_seen_at', type: 'datetime' },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
        ],
        indices: [{ name: 'ix_sessions_user', columnNames: ['user_id'] }],
        foreignKeys: [
          {
            name: 'fk_sessions_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sessions');
  }
}
