import { MigrationInterface, QueryRunner, Table, TableCheck } from 'typeorm';
import {
  freeInstructorSlug,
  INSTRUCTOR_NAME_MAX,
  instructorNameKey,
  tidyInstructorName,
} from '../../instructors/entities';

const ROLE_CHECK = 'ck_users_role';
const ROLES_BEFORE = "role IN ('user', 'admin')";
const ROLES_AFTER = "role IN ('user', 'admin', 'instructor')";

// The drift check runs the migrations as TypeORM's 'mariadb' type on MariaDB; the app as 'mysql'.
const isMysqlFamily = (queryRunner: QueryRunner) => ['mysql', 'mariadb'].includes(queryRunner.connection.options.type);

/**
 * Instructors: their profiles (instructors), the role `instructor` (ck_users_role widened), and
 * the timetable's and its classes' instructor named by profile (schedules.instructor_id,
 * class_sessions.instructor_id). The text columns stay as the profile's name, copied by the app, so
 * the day view reads it without a join. Every distinct free-text name becomes a profile without an
 * account: trimmed, inner spaces as one, and the same name in other capitals is one profile.
 * No foreign key on the two id columns, as payments.promo_code_id: profiles are never deleted.
 */
export class Instructors1764955000000 implements MigrationInterface {
  name = 'Instructors1764955000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'instructors',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer', isNullable: true },
          { name: 'name', type: 'varchar', length: '60' },
          { name: 'slug', type: 'varchar', length: '80' },
          { name: 'bio', type: 'varchar', length: '600' },
          { name: 'specialties', type: 'varchar', length: '300' },
          { name: 'active', type: 'boolean', default: 1 },
          { name: 'sort_order', type: 'integer', default: 0 },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
          // Stamped on UPDATE by MySQL, as @UpdateDateColumn describes it (SQLite ignores it).
          { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP', onUpdate: 'CURRENT_TIMESTAMP' },
        ],
        indices: [
          { name: 'uq_instructors_user', columnNames: ['user_id'], isUnique: true },
          { name: 'uq_instructors_slug', columnNames: ['slug'], isUnique: true },
        ],
        foreignKeys: [
          {
            name: 'fk_instructors_user_id',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    // Plain ADD COLUMN works alike on SQLite and MySQL and keeps the tables' CHECK constraints.
    await queryRunner.query('ALTER TABLE schedules ADD COLUMN instructor_id integer NULL');
    await queryRunner.query('ALTER TABLE class_sessions ADD COLUMN instructor_id integer NULL');
    await queryRunner.query('CREATE INDEX ix_schedules_instructor ON schedules (instructor_id)');
    // An instructor's classes by date (their page's upcoming classes).
    await queryRunner.query('CREATE INDEX ix_class_sessions_instructor ON class_sessions (instructor_id, date)');

    if (isMysqlFamily(queryRunner)) {
      await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT ${ROLE_CHECK}`);
      await queryRunner.query(`ALTER TABLE users ADD CONSTRAINT ${ROLE_CHECK} CHECK (${ROLES_AFTER})`);
    } else {
      // SQLite rebuilds the table for a CHECK, keeping its rows, indices and keys (foreign keys are
      // off while migrations run).
      await queryRunner.dropCheckConstraint('users', ROLE_CHECK);
      await queryRunner.createCheckConstraint('users', new TableCheck({ name: ROLE_CHECK, expression: ROLES_AFTER }));
    }

    await profilesFromFreeText(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Accounts that were instructors go back to clients; the timetable keeps the names as text.
    await queryRunner.query("UPDATE users SET role = 'user' WHERE role = 'instructor'");
    if (isMysqlFamily(queryRunner)) {
      await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT ${ROLE_CHECK}`);
      await queryRunner.query(`ALTER TABLE users ADD CONSTRAINT ${ROLE_CHECK} CHECK (${ROLES_BEFORE})`);
    } else {
      await withForeignKeysOff(queryRunner, async () => {
        await queryRunner.dropCheckConstraint('users', ROLE_CHECK);
        await queryRunner.createCheckConstraint(
          'users',
          new TableCheck({ name: ROLE_CHECK, expression: ROLES_BEFORE }),
        );
      });
    }
    await queryRunner.dropIndex('class_sessions', 'ix_class_sessions_instructor');
    await queryRunner.dropIndex('schedules', 'ix_schedules_instructor');
    await queryRunner.query('ALTER TABLE class_sessions DROP COLUMN instructor_id');
    await queryRunner.query('ALTER TABLE schedules DROP COLUMN instructor_id');
    await queryRunner.dropTable('instructors');
  }
}

/**
 * One profile per distinct non-empty name of the timetable and its classes (see the class comment),
 * named as the timetable wrote it first; every row of that name then takes the profile's id and
 * its name.
 */
async function profilesFromFreeText(queryRunner: QueryRunner): Promise<void> {
  const rows: { name: string }[] = await queryRunner.query(
    `SELECT instructor AS name FROM schedules WHERE instructor IS NOT NULL
     UNION ALL SELECT instructor AS name FROM class_sessions WHERE instructor IS NOT NULL`,
  );
  const profiles = new Map<string, { name: string; spellings: Set<string> }>();
  for (const { name: written } of rows) {
    const name = tidyInstructorName(String(written)).slice(0, INSTRUCTOR_NAME_MAX).trim();
    if (name === '') continue;
    const key = instructorNameKey(name);
    const profile = profiles.get(key) ?? { name, spellings: new Set<string>() };
    profile.spellings.add(String(written));
    profiles.set(key, profile);
  }
  const slugs = new Set<string>();
  let order = 0;
  for (const profile of profiles.values()) {
    const slug = freeInstructorSlug(profile.name, slugs);
    slugs.add(slug);
    await queryRunner.query(
      "INSERT INTO instructors (name, slug, bio, specialties, active, sort_order) VALUES (?, ?, '', '', 1, ?)",
      [profile.name, slug, order++],
    );
    const [{ id }] = (await queryRunner.query('SELECT id FROM instructors WHERE slug = ?', [slug])) as {
      id: unknown;
    }[];
    // Each row once: MySQL's collation may find a row under another profile's spelling too.
    for (const spelling of profile.spellings) {
      for (const table of ['schedules', 'class_sessions']) {
        await queryRunner.query(
          `UPDATE ${table} SET instructor_id = ?, instructor = ? WHERE instructor = ? AND instructor_id IS NULL`,
          [Number(id), profile.name, spelling],
        );
      }
    }
  }
  // Blank names were no instructor.
  for (const table of ['schedules', 'class_sessions']) {
    await queryRunner.query(`UPDATE ${table} SET instructor = NULL WHERE instructor_id IS NULL`);
  }
}

/**
 * SQLite drops a CHECK by rebuilding its table, and rebuilding `users` with foreign keys on breaks
 * every row pointing at it. Undoing a migration runs with them on (see 1764900000000-Sala), so the
 * undo ends its transaction on the driver's handle, turns the keys off for its own work, and hands
 * TypeORM a fresh transaction for the bookkeeping after.
 */
async function withForeignKeysOff(queryRunner: QueryRunner, work: () => Promise<void>): Promise<void> {
  if (!queryRunner.isTransactionActive) return work();
  const handle = (await queryRunner.connect()) as { exec(sql: string): void };
  handle.exec('COMMIT');
  handle.exec('PRAGMA foreign_keys = OFF');
  handle.exec('BEGIN');
  try {
    await work();
    handle.exec('COMMIT');
  } catch (error) {
    handle.exec('ROLLBACK');
    throw error;
  } finally {
    handle.exec('PRAGMA foreign_keys = ON');
    handle.exec('BEGIN');
  }
}
