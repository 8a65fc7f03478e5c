import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { User } from '../src/auth/entities/user.entity';
import { loadConfig } from '../src/core/config/app-config';
import { GENERATED_ADMIN_PASSWORD_FILE } from '../src/core/database/data-dir';
import { SeedService } from '../src/database/seed.service';
import { createApp } from '../src/core/http/create-app';
import { PasswordHasher } from '../src/core/security/password-hasher';
import { Plan } from '../src/planes/entities/plan.entity';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { Room, Spot } from '../src/sala/entities';
import { DataSource } from 'typeorm';
import { createTestApp } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';

describe('first-start seed', () => {
  it('should create the catalogue, the timetable and the admin, once, across restarts', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'pilates-seed-'));
    try {
      const first = await createTestApp({ database, dataDir });
      const plans = await first.dataSource.getRepository(Plan).find({ order: { sortOrder: 'ASC' } });
      expect(plans.map((p) => [p.name, p.classCount, p.priceCents])).toEqual([
        ['Una Clase', 1, 22000],
        ['Cuatro Clases', 4, 80000],
        ['Ocho Clases', 8, 150000],
        ['Doce Clases', 12, 190000],
        ['Dieciséis Clases', 16, 240000],
        ['Veinte Clases', 20, 290000],
      ]);
      const schedules = await first.dataSource.getRepository(Schedule).find();
      expect(schedules).toHaveLength(33);
      expect(schedules.every((s) => s.capacity === 8 && s.active)).toBe(true);
      expect(
        schedules
          .filter((s) => s.weekday === 6)
          .map((s) => s.startTime)
          .sort(),
      ).toEqual(['08:00', '09:00', '10:00']);
      expect(
        schedules
          .filter((s) => s.weekday === 1)
          .map((s) => s.startTime)
          .sort(),
      ).toEqual(['07:00', '08:00', '09:00', '18:00', '19:00', '20:00']);
      expect(schedules.some((s) => s.weekday === 7)).toBe(false);

      // The room matches the timetable: eight reformers in rows of four behind the instructor.
      const rooms = await first.dataSource.getRepository(Room).find();
      expect(rooms.map((r) => [r.name, r.instructorRow, r.instructorColumn])).toEqual([['Sala', 0, 1]]);
      const spots = await first.dataSource.getRepository(Spot).find({ order: { id: 'ASC' } });
      expect(spots.map((s) => [s.label, s.gridRow, s.gridColumn, s.activeMarker])).toEqual([
        ['Reformer 1', 1, 0, 1],
        ['Reformer 2', 1, 1, 1],
        ['Reformer 3', 1, 2, 1],
        ['Reformer 4', 1, 3, 1],
        ['Reformer 5', 2, 0, 1],
        ['Reformer 6', 2, 1, 1],
        ['Reformer 7', 2, 2, 1],
        ['Reformer 8', 2, 3, 1],
      ]);

      const admins = await first.dataSource.getRepository(User).findBy({ role: 'admin' });
      expect(admins.map((a) => a.email)).toEqual(['admin@test.local']);
      expect(await first.app.get(PasswordHasher).verify(admins[0].passwordHash, 'admin-password-1')).toBe(true);

      // Seeding again changes nothing.
      expect(await first.app.get(SeedService).seed()).toEqual({
        plansCreated: 0,
        schedulesCreated: 0,
        spotsCreated: 0,
        adminCreated: false,
        generatedAdminPassword: undefined,
      });
      await first.close();

      // Nor does a restart on the same database, even with another admin email.
      const second = await createTestApp({ database, dataDir, env: { ADMIN_EMAIL: 'otra@test.local' } });
      expect(await second.dataSource.getRepository(Plan).count()).toBe(6);
      expect(await second.dataSource.getRepository(Schedule).count()).toBe(33);
      expect(await second.dataSource.getRepository(Spot).count()).toBe(8);
      expect(await second.dataSource.getRepository(User).countBy({ role: 'admin' })).toBe(1);
      await second.close();
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('should generate the admin password when ADMIN_PASSWORD is not set, and print it once', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: '' } });
    try {
      await t.dataSource.getRepository(User).delete({ role: 'admin' });
      const result = await t.app.get(SeedService).seed();
      expect(result.adminCreated).toBe(true);
      expect(result.generatedAdminPassword).toMatch(/^[\w-]{16}$/);
      const admin = await t.dataSource.getRepository(User).findOneByOrFail({ role: 'admin' });
      expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await t.app.get(PasswordHasher).verify(admin.passwordHash, result.generatedAdminPassword!)).toBe(true);
      expect((await t.app.get(SeedService).seed()).generatedAdminPassword).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('should write a generated admin password to a private file in DATA_DIR and never to the logs', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'pilates-seed-'));
    const logged: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      ADMIN_EMAIL: 'first@test.local',
      CLIENT_DIR: join(dataDir, 'no-client'),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    const app = await createApp(config, {
      logging: { level: 'trace', destination: { write: (line: string) => logged.push(line) } },
    });
    try {
      const file = join(dataDir, GENERATED_ADMIN_PASSWORD_FILE);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[\w-]{16}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const admin = await app.get(DataSource).getRepository(User).findOneByOrFail({ email: 'first@test.local' });
      expect(await app.get(PasswordHasher).verify(admin.passwordHash, password)).toBe(true);
      expect(logged.some((line) => line.includes(file))).toBe(true);
      expect(logged.join('\n')).not.toContain(password);
    } finally {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
