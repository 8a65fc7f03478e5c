import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { recountUsersSql, USERS_COUNT_ROW } from '../../auth/entities';

/**
 * The stored number of users (users_count), which Usuarios' first page reads instead of counting
 * every row; set here from the users already there, then kept by the app with every new user.
 */
export class UsersCount1764875000000 implements MigrationInterface {
  name = 'UsersCount1764875000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'users_count',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'total', type: 'integer', isNullable: false },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO users_count (id, total) VALUES (?, 0)', [USERS_COUNT_ROW]);
    await queryRunner.query(recountUsersSql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('users_count');
  }
}
