import { MigrationInterface, QueryRunner, TableForeignKey } from 'typeorm';

const WITH_UPDATED_AT = [
  'users',
  'plans',
  'user_plans',
  'schedules',
  'class_sessions',
  'payments',
  'payment_notifications',
];

const isMysqlFamily = (queryRunner: QueryRunner) => ['mysql', 'mariadb'].includes(queryRunner.connection.options.type);

/** The app's tables (not TypeORM's `migrations` nor SQLite's own). */
async function appTables(queryRunner: QueryRunner): Promise<string[]> {
  const rows: { name: string }[] = isMysqlFamily(queryRunner)
    ? await queryRunner.query(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
      )
    : await queryRunner.query("SELECT name FROM sqlite_master WHERE type = 'table'");
  return rows.map((r) => r.name).filter((name) => name !== 'migrations' && !name.startsWith('sqlite_'));
}

/**
 * The database exactly as the entities describe it, so `npm run db:drift` finds nothing to do.
 * Every change keeps every row and means the same to the data:
 * - SQLite: columns declared `int` become `integer` (both have INTEGER affinity; TypeORM writes
 *   `integer` and cannot be told `int`). TypeORM rebuilds each such table with its CHECKs, indexes
 *   and foreign keys, while migrations run with foreign keys off.
 * - MySQL/MariaDB: foreign keys created without ON UPDATE read back as RESTRICT; they are made
 *   again with ON UPDATE NO ACTION, what the entities (and SQLite) say — the same behaviour in
 *   InnoDB. And `updated_at` is stamped on UPDATE, as `@UpdateDateColumn` describes it, so a
 *   plain-SQL update (the repositories' conditional counters) moves it too.
 * Both walk the tables present, so columns and keys added by earlier migrations are covered too.
 */
export class SchemaAsEntities1764700000000 implements MigrationInterface {
  name = 'SchemaAsEntities1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!isMysqlFamily(queryRunner)) {
      for (const name of await appTables(queryRunner)) {
        const table = await queryRunner.getTable(name);
        const changes = (table?.columns ?? [])
          .filter((column) => column.type === 'int')
          .map((oldColumn) => {
            const newColumn = oldColumn.clone();
            newColumn.type = 'integer';
            return { oldColumn, newColumn };
          });
        if (table && changes.length > 0) await queryRunner.changeColumns(table, changes);
      }
      return;
    }
    for (const name of await appTables(queryRunner)) {
      const table = await queryRunner.getTable(name);
      for (const key of table?.foreignKeys.filter((k) => k.onUpdate === 'RESTRICT') ?? []) {
        await queryRunner.dropForeignKey(name, key);
        await queryRunner.createForeignKey(
          name,
          new TableForeignKey({
            name: key.name,
            columnNames: key.columnNames,
            referencedTableName: key.referencedTableName,
            referencedColumnNames: key.referencedColumnNames,
            onDelete: key.onDelete,
            onUpdate: 'NO ACTION',
          }),
        );
      }
    }
    for (const table of WITH_UPDATED_AT) {
      await queryRunner.query(
        `ALTER TABLE \`${table}\` MODIFY \`updated_at\` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP`,
      );
    }
  }

  /** Only `updated_at` goes back: the other changes are spellings of the same schema. */
  async down(queryRunner: QueryRunner): Promise<void> {
    if (!isMysqlFamily(queryRunner)) return;
    for (const table of WITH_UPDATED_AT) {
      await queryRunner.query(
        `ALTER TABLE \`${table}\` MODIFY \`updated_at\` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP`,
      );
    }
  }
}
