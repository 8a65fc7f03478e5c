import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { Column, DataSource, type DataSourceOptions, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { LoginFailure } from '../src/auth/entities/login-failure.entity';
import { dataSourceOptions } from '../src/core/database/data-source-options';
import { runMigrationsOnce } from '../src/core/database/migrate';
import { mysqlFamilyType, schemaDrift } from '../src/core/database/schema-drift';
import { migrations } from '../src/database/migrations';
import { schema } from '../src/database/schema';
import { OwnerTools1764600000000 } from '../src/database/migrations/1764600000000-OwnerTools';
import { SchemaAsEntities1764700000000 } from '../src/database/migrations/1764700000000-SchemaAsEntities';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/** `login_failures` as an entity that gained a column no migration adds. */
@Entity('login_failures')
@Index('ix_login_failures_email_created', ['email', 'createdAt'])
class LoginFailureWithIp {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'ip', type: 'varchar', length: 45, nullable: true })
  ip!: string | null;
}

/** The same check as `npm run db:drift`, on SQLite or on the TEST_DATABASE_URL server. */
describe('migration drift (npm run db:drift)', () => {
  let db: TestDatabase;
  let dataDir: string;
  let base: DataSourceOptions;

  beforeEach(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'pilates-drift-spec-'));
    base = dataSourceOptions({ databaseUrl: db.url ?? '', dataDir }, schema);
    if (db.url) {
      const connection = await createConnection({ uri: db.url });
      const [rows] = await connection.query('SELECT VERSION() AS version');
      await connection.end();
      base = { ...base, type: mysqlFamilyType((rows as { version: string }[])[0].version) } as DataSourceOptions;
    }
  });
  afterEach(async () => {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should find nothing to change when the entities describe what the migrations build', async () => {
    expect(await schemaDrift(base)).toEqual([]);
  });

  it('should fail when an entity gains a column that no migration adds', async () => {
    const changed = schema.entities.map((entity) => (entity === LoginFailure ? LoginFailureWithIp : entity));
    const drift = await schemaDrift({ ...base, entities: changed } as DataSourceOptions);
    expect(drift.length).toBeGreaterThan(0);
    expect(drift.join('\n')).toMatch(/login_failures.*\bip\b.*varchar\(45\)/);
  });

  it('should fail when an entity declares columns that no migration adds', async () => {
    // The last migration that adds a column no later one builds on.
    const drift = await schemaDrift({ ...base, migrations: migrations.filter((m) => m !== OwnerTools1764600000000) });
    expect(drift.join('\n')).toMatch(/user_plans.*ending_reminder_sent_at/);
  });

  it('should keep every row and foreign key when it brings an existing database to the entities', async () => {
    const last = migrations.indexOf(SchemaAsEntities1764700000000);
    const before = new DataSource({ ...base, migrations: migrations.slice(0, last) } as DataSourceOptions);
    await before.initialize();
    await runMigrationsOnce(before);
    await before.query(
      "INSERT INTO users (name, email, password_hash, birth_date, role) VALUES ('Ana', 'ana@example.com', 'x', '1990-05-01', 'user')",
    );
    await before.query("INSERT INTO plans (name, price_cents, class_count) VALUES ('Una Clase', 25000, 1)");
    await before.query(
      "INSERT INTO user_plans (user_id, plan_id, plan_name, classes_total, classes_remaining, start_date, end_date) VALUES (1, 1, 'Una Clase', 1, 0, '2026-11-01', '2026-11-30')",
    );
    await before.query("INSERT INTO schedules (weekday, start_time, capacity) VALUES (5, '08:00', 5)");
    await before.query(
      "INSERT INTO class_sessions (schedule_id, date, start_time, capacity, reserved_count) VALUES (1, '2026-11-27', '08:00', 5, 1)",
    );
    await before.query('INSERT INTO reservations (class_session_id, user_id, user_plan_id) VALUES (1, 1, 1)');
    await before.query(
      "INSERT INTO sessions (id, user_id, created_at, expires_at, last_seen_at) VALUES ('s1', 1, '2026-11-01 10:00:00', '2026-12-01 10:00:00', '2026-11-01 10:00:00')",
    );
    await before.destroy();

    const after = new DataSource(base);
    await after.initialize();
    try {
      // SchemaAsEntities and every migration after it.
      expect(await runMigrationsOnce(after)).toEqual(migrations.slice(last).map((m) => m.name));
      const count = async (table: string) =>
        Number(((await after.query(`SELECT COUNT(*) AS n FROM ${table}`)) as { n: number | string }[])[0].n);
      for (const table of ['users', 'plans', 'user_plans', 'schedules', 'class_sessions', 'reservations', 'sessions']) {
        expect([table, await count(table)]).toEqual([table, 1]);
      }
      if (!db.url) expect(await after.query('PRAGMA foreign_key_check')).toEqual([]);
      // The studio's room (Sala migration): one reformer per place of its largest active class, and
      // the reservation of a class still to come placed on the first of them.
      expect(await count('rooms')).toBe(1);
      expect(await count('spots')).toBe(5);
      const [placed] = await after.query(
        'SELECT s.label AS label FROM reservations r JOIN spots s ON s.id = r.spot_id WHERE r.id = 1',
      );
      if (new Date().toISOString().slice(0, 10) <= '2026-11-27') expect(placed?.label).toBe('Reformer 1');
      // The constraints are still there: a second active reservation and a capacity overrun are refused.
      await expect(
        after.query('INSERT INTO reservations (class_session_id, user_id, user_plan_id) VALUES (1, 1, 1)'),
      ).rejects.toThrow();
      await expect(after.query('UPDATE class_sessions SET reserved_count = 6 WHERE id = 1')).rejects.toThrow();
      await expect(
        after.query('INSERT INTO reservations (class_session_id, user_id, user_plan_id) VALUES (99, 1, 1)'),
      ).rejects.toThrow();
    } finally {
      await after.destroy();
    }
    expect(await schemaDrift({ ...base, migrations: [] })).toEqual([]);
  });
});
