import { addDays } from '@pilates/dates';
import { foldForSearch, matchesFoldedTerm, userSearchGrams } from '../src/auth/user-search-grams';
import { FixedClock } from '../src/core/clock/clock';
import { UserSearchGrams1764870000000 } from '../src/database/migrations/1764870000000-UserSearchGrams';
import { registerUser } from './helpers/accounts';
import { ADMIN, adminAgent, NOW, scheduleAt, TODAY } from './helpers/booking';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The users search (informacion/get-users with `search`) reads its candidates from the trigram
 * index user_search_grams: every way a name or email is written must keep it in step, and the
 * answer must stay what reading every user gives: those whose name or email contains the term,
 * whatever the case and the accents, on both databases.
 */

type Agent = ReturnType<TestApp['agent']>;

let t: TestApp;
let admin: Agent;
const clock = new FixedClock(NOW);

/** Every user the search finds (all pages), as ids, newest first; and the total it reports. */
async function searchIds(search: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await admin
      .post('/api/informacion/get-users')
      .send({ search, limit: 50, pagination: page })
      .expect(200);
    total = res.body.pagination.totalRecords;
    ids.push(...res.body.usuarios.map((u: { id: number }) => u.id));
    if (res.body.usuarios.length < 50) break;
  }
  return { ids, total };
}

/** What a search must answer without any index: every user whose folded name or email contains the folded term. */
async function containsOverAll(search: string): Promise<number[]> {
  const rows: { id: number | string; name: string; email: string }[] = await t.dataSource.query(
    'SELECT id, name, email FROM users ORDER BY id DESC',
  );
  const term = foldForSearch(search);
  return rows.filter((row) => matchesFoldedTerm(row.name, row.email, term)).map((row) => Number(row.id));
}

const found = async (search: string, id: number) => (await searchIds(search)).ids.includes(id);

/** The grams stored for each user, against those their current name and email give. */
async function expectIndexInStep(): Promise<void> {
  const users: { id: number | string; name: string; email: string }[] = await t.dataSource.query(
    'SELECT id, name, email FROM users',
  );
  const rows: { gram: string; user_id: number | string }[] = await t.dataSource.query(
    'SELECT gram, user_id FROM user_search_grams',
  );
  const stored = new Map<number, string[]>();
  for (const row of rows) stored.set(Number(row.user_id), [...(stored.get(Number(row.user_id)) ?? []), row.gram]);
  for (const user of users) {
    expect({ id: Number(user.id), grams: (stored.get(Number(user.id)) ?? []).sort() }).toEqual({
      id: Number(user.id),
      grams: userSearchGrams(user.name, user.email).sort(),
    });
  }
  expect([...stored.keys()].filter((id) => !users.some((u) => Number(u.id) === id))).toEqual([]);
}

const newUserBody = (name: string, email: string) => ({
  name,
  email,
  cumpleanos: '1988-02-14',
  password: 'clave-segura-1',
  confirmPassword: 'clave-segura-1',
});

describe('the users search and its trigram index', () => {
  let registered: number;
  let added: number;
  let walkIn: number;
  let renamed: number;
  let moved: number;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
    registered = (await registerUser(t, { name: 'Zoë Añorve', email: 'zoe.anorve@example.com' })).user.id;
    added = (
      await admin
        .post('/api/admin/add-user')
        .send(newUserBody('Íñigo Peñalosa', 'inigo.pena@correo.example.mx'))
        .expect(201)
    ).body.user.id;
    const schedule = await scheduleAt(t, 2, '09:00');
    walkIn = (
      await admin
        .post('/api/admin/walk-in')
        .send({
          date: addDays(TODAY, 1),
          classReservation: schedule.id,
          name: 'Clienta Güemes',
          email: 'GUEMES.puerta@Example.com',
          cumpleanos: '1992-03-04',
        })
        .expect(201)
    ).body.userId;
    const client = await registerUser(t, { name: 'Vieja Nombrada', email: 'vieja.nombrada@example.com' });
    renamed = client.user.id;
    await client.agent
      .post('/api/informacion/change-info-user')
      .send({ name: 'Renata Cambiada', email: 'renata.cambiada@example.com', currentPassword: 'clave-segura-1' })
      .expect(200);
    moved = (await registerUser(t, { name: 'Paula Mudanza', email: 'paula.antes@example.com' })).user.id;
    await admin
      .post('/api/admin/change-data')
      .send({ id_user: moved, name: 'Paula Mudada 100%_listo!', email: 'paula.despues@example.com' })
      .expect(200);
    // Names with LIKE's special characters and look-alikes of them.
    for (const [name, email] of [
      ['Ana 100% Pura', 'ana.pura@example.com'],
      ['Ana 1000 Pura', 'ana.mil@example.com'],
      ['Beto a_b', 'beto_ab@example.com'],
      ['Beto axb', 'betoxab@example.com'],
      ['Caro ¡Hola!', 'caro!hola@example.com'],
    ]) {
      await admin.post('/api/admin/add-user').send(newUserBody(name, email)).expect(201);
    }
  });
  afterAll(() => t.close());

  it('should find the users of every way in by a piece of their name or email, whatever the case', async () => {
    const admins: { id: number | string }[] = await t.dataSource.query('SELECT id FROM users WHERE email = ?', [
      ADMIN.email,
    ]);
    const seeded = Number(admins[0].id);
    for (const [search, id] of [
      ['AÑORVE', registered],
      ['zoë', registered],
      ['e.anor', registered],
      ['PEÑALOSA', added],
      ['correo.example.MX', added],
      ['Güemes', walkIn],
      ['guemes.puerta', walkIn],
      ['renata camb', renamed],
      ['RENATA.cambiada@', renamed],
      ['paula mudada', moved],
      ['paula.despues', moved],
      ['administrador', seeded],
      ['admin@test', seeded],
    ] as const) {
      expect({ search, found: await found(search, id) }).toEqual({ search, found: true });
    }
  });

  it('should ignore accents and case on both databases, as people type', async () => {
    const ids: Record<string, number> = {};
    for (const [name, email] of [
      ['María Hernández Gómez', 'maria.hg@example.com'],
      ['Sofía Jiménez', 'SOFI.J@example.com'],
      ['Ángel Núñez', 'angel@exámple.mx'],
    ]) {
      ids[name] = (await admin.post('/api/admin/add-user').send(newUserBody(name, email)).expect(201)).body.user.id;
    }
    for (const [search, name] of [
      ['hernandez', 'María Hernández Gómez'],
      ['HERNANDEZ', 'María Hernández Gómez'],
      ['gomez', 'María Hernández Gómez'],
      ['maria hernandez', 'María Hernández Gómez'],
      ['sofia', 'Sofía Jiménez'],
      ['jimenez', 'Sofía Jiménez'],
      ['JIMÉNEZ', 'Sofía Jiménez'],
      ['sofi.j', 'Sofía Jiménez'],
      ['angel nunez', 'Ángel Núñez'],
      ['an', 'Ángel Núñez'],
      ['examp', 'Ángel Núñez'],
    ] as const) {
      expect({ search, found: await found(search, ids[name]) }).toEqual({ search, found: true });
    }
    expect(await found('inigo pena', added)).toBe(true);
    expect(await found('zoe anorve', registered)).toBe(true);
    // Folding drops accents; it never turns one letter into another.
    expect(await found('hernandes', ids['María Hernández Gómez'])).toBe(false);
    expect(await found('jimenes', ids['Sofía Jiménez'])).toBe(false);
  });

  it('should no longer find a user by the name or email they had', async () => {
    for (const search of ['vieja', 'Nombrada', 'vieja.nombrada@', 'Mudanza', 'paula.antes']) {
      expect({ search, ids: (await searchIds(search)).ids }).toEqual({ search, ids: [] });
    }
  });

  it('should still answer terms under 3 characters', async () => {
    expect(await found('Zo', registered)).toBe(true);
    expect(await found('ñ', added)).toBe(true);
    expect((await searchIds('a')).total).toBe((await containsOverAll('a')).length);
    expect((await searchIds('Á')).total).toBe((await containsOverAll('a')).length);
  });

  it('should answer what reading every user answers, for any term', async () => {
    for (const search of [
      'ana',
      'ANA',
      'a_b',
      '_',
      '%',
      '!',
      '100%',
      '100%_',
      '0%',
      '%_l',
      '¡hola!',
      'o!h',
      'a%',
      'pura',
      '1000',
      'example.com',
      '@example',
      'ñal',
      'nal',
      'ë a',
      'zz',
      'xyzzy',
      'e.c',
      'inigo',
      'ÑAL',
      'gue',
    ]) {
      const { ids, total } = await searchIds(search);
      const expected = await containsOverAll(search);
      expect({ search, ids, total }).toEqual({ search, ids: expected, total: expected.length });
    }
  });

  it('should keep the index in step with every name and email, and drop it with a deleted user', async () => {
    await expectIndexInStep();
    // Accounts are deactivated, never erased, by the app; the foreign key still takes the grams
    // of a row deleted by hand.
    const gone = (await registerUser(t, { name: 'Borrada Del Todo', email: 'borrada@example.com' })).user.id;
    await t.dataSource.query('DELETE FROM users WHERE id = ?', [gone]);
    const left: { n: number | string }[] = await t.dataSource.query(
      'SELECT COUNT(*) AS n FROM user_search_grams WHERE user_id = ?',
      [gone],
    );
    expect(Number(left[0].n)).toBe(0);
    await expectIndexInStep();
  });

  it('should fill the index for the users already there when the migration runs, in batches', async () => {
    // More users than one batch of the migration, written without their grams.
    const rows = Array.from({ length: 620 }, (_, i) => [`Cliente Lote ${i}`, `lote${i}@example.com`]);
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      await t.dataSource.query(
        `INSERT INTO users (name, email, password_hash, birth_date, role) VALUES ${chunk.map(() => "(?, ?, 'x', '1990-01-01', 'user')").join(', ')}`,
        chunk.flat(),
      );
    }
    const migration = new UserSearchGrams1764870000000();
    const runner = t.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    await expectIndexInStep();
    expect((await searchIds('lote61')).ids.length).toBe(11);
    expect(await found('Zoë Añ', registered)).toBe(true);
  });
});
