import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { userSearchGrams } from '../../auth/entities';

// The drift check runs the migrations as TypeORM's 'mariadb' type on MariaDB; the app as 'mysql'.
const isMysqlFamily = (queryRunner: QueryRunner) => ['mysql', 'mariadb'].includes(queryRunner.connection.options.type);

/** Users read per batch while the grams of the existing users are written. */
const USERS_PER_BATCH = 500;
/** Rows per INSERT: 2 parameters each, well under both drivers' limits. */
const GRAMS_PER_INSERT = 1000;

/**
 * The users search's trigram index (user_search_grams): a substring search looks up the users who
 * have every 3-character piece of the term instead of reading every name and email. Filled here
 * for the existing users; the app keeps it in step with each change of a name or email.
 */
export class UserSearchGrams1764870000000 implements MigrationInterface {
  name = 'UserSearchGrams1764870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysqlFamily(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'user_search_grams',
        columns: [
          // Exact comparison on MariaDB: the grams come folded, and the default collation would
          // take `ano` and `año` for one key. SQLite compares text exactly already.
          {
            name: 'gram',
            type: 'varchar',
            length: '3',
            isPrimary: true,
            ...(mysql ? { collation: 'utf8mb4_bin' } : {}),
          },
          { name: 'user_id', type: 'integer', isPrimary: true },
        ],
        indices: [{ name: 'ix_user_search_grams_user', columnNames: ['user_id'] }],
        foreignKeys: [
          {
            name: 'fk_user_search_grams_user_id',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );

    let after = 0;
    for (;;) {
      const users: { id: number | string; name: string; email: string }[] = await queryRunner.query(
        `SELECT id, name, email FROM users WHERE id > ? ORDER BY id LIMIT ${USERS_PER_BATCH}`,
        [after],
      );
      if (users.length === 0) break;
      const rows = users.flatMap((user) =>
        userSearchGrams(user.name, user.email).map((gram) => [gram, Number(user.id)]),
      );
      for (let i = 0; i < rows.length; i += GRAMS_PER_INSERT) {
        const chunk = rows.slice(i, i + GRAMS_PER_INSERT);
        await queryRunner.query(
          `INSERT INTO user_search_grams (gram, user_id) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`,
          chunk.flat(),
        );
      }
      after = Number(users[users.length - 1].id);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('user_search_grams');
  }
}
