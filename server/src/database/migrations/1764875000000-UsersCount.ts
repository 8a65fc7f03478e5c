import { MigrationInterface, QueryRunner } from 'typeorm';
import { USERS_COUNT } from '../../auth/entities';

/**
 * The stored number of users (a row of row_counts, as the audit log's), which Usuarios' first page
 * reads instead of counting every row; set here from the users already there, then kept by the app
 * with every new user.
 */
export class UsersCount1764875000000 implements MigrationInterface {
  name = 'UsersCount1764875000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('INSERT INTO row_counts (name, total) SELECT ?, COUNT(*) FROM users', [USERS_COUNT]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM row_counts WHERE name = ?', [USERS_COUNT]);
  }
}
