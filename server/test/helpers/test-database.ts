import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';

export interface TestDatabase {
  /** A mysql:// URL, or undefined for the embedded SQLite file. */
  url?: string;
  driver: 'mysql' | 'sqlite';
  drop: () => Promise<void>;
}

/**
 * With TEST_DATABASE_URL=mysql://root@127.0.0.1:3306/test each test file gets its
 * own new schema on that server (dropped afterwards); otherwise SQLite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { driver: 'sqlite', drop: async () => undefined };
  const name = `pilates_test_${randomBytes(5).toString('hex')}`;
  const admin = await createConnection({ uri: base });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    driver: 'mysql',
    drop: async () => {
      const connection = await createConnection({ uri: base });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}
