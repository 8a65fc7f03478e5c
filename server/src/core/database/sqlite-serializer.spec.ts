import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { serializeSqlite, sqliteTurn } from './sqlite-serializer';

@Entity('items')
class Item {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  name!: string;
}

/**
 * What sqlite-serializer.ts relies on in TypeORM's internals, and what it must achieve. A TypeORM
 * upgrade that changes any of it (a runner per query, dataSource.transaction() no longer through
 * manager.transaction(), save() opening its transaction elsewhere) fails here before it lets one
 * request's writes leak into another's transaction.
 */
describe('SQLite serialization over TypeORM', () => {
  let dir: string;
  let dataSource: DataSource;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pilates-serializer-'));
    dataSource = new DataSource({
      type: 'better-sqlite3',
      database: join(dir, 'test.sqlite'),
      entities: [Item],
      logging: false,
    });
    await dataSource.initialize();
    // The one table this test needs, written out (the app's schema comes from its migrations).
    await dataSource.query(
      'CREATE TABLE items (id integer PRIMARY KEY AUTOINCREMENT NOT NULL, name varchar(40) NOT NULL)',
    );
    serializeSqlite(dataSource);
  });

  afterEach(async () => {
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async () => (await dataSource.manager.find(Item, { order: { id: 'ASC' } })).map((i) => i.name);

  /** A transaction that inserts `name`, waits for the gate, then commits or fails. */
  const heldTransaction = (name: string, fail: boolean) => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let inserted!: () => void;
    const inside = new Promise<void>((resolve) => (inserted = resolve));
    const done = dataSource
      .transaction(async (manager) => {
        await manager.insert(Item, { name });
        inserted();
        await gate;
        if (fail) throw new Error('rollback');
      })
      .catch(() => 'rolled back');
    return { inside, open, done };
  };

  it('should find one query runner for the whole connection (the patch is installed on it)', () => {
    expect(dataSource.driver.createQueryRunner('master')).toBe(dataSource.driver.createQueryRunner('master'));
    expect(Object.prototype.hasOwnProperty.call(dataSource.driver.createQueryRunner('master'), 'query')).toBe(true);
  });

  it('should keep a query made elsewhere out of an open transaction that rolls back', async () => {
    const tx = heldTransaction('dentro', true);
    await tx.inside;
    const outside = dataSource.manager.insert(Item, { name: 'fuera' });
    let settled = false;
    void outside.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // It waits for the transaction instead of running inside it.
    expect(settled).toBe(false);
    tx.open();
    expect(await tx.done).toBe('rolled back');
    await outside;
    expect(await names()).toEqual(['fuera']);
  });

  it('should queue the transaction save() opens by itself on the shared runner', async () => {
    const runner = dataSource.driver.createQueryRunner('master');
    const start = jest.spyOn(runner, 'startTransaction');
    const tx = heldTransaction('dentro', true);
    await tx.inside;
    const saved = dataSource.manager.save(Object.assign(new Item(), { name: 'guardado' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    tx.open();
    await tx.done;
    await saved;
    expect(start).toHaveBeenCalled();
    expect(await names()).toEqual(['guardado']);
  });

  it('should run a transaction opened inside a transaction in place (a savepoint), not wait for itself', async () => {
    await dataSource.transaction(async (manager) => {
      await manager.insert(Item, { name: 'fuera' });
      await manager.transaction((inner) => inner.insert(Item, { name: 'dentro' }));
    });
    expect(await names()).toEqual(['fuera', 'dentro']);
  });

  it('should give a direct read its turn at once when the connection is idle, after the open transaction otherwise', async () => {
    const turn = sqliteTurn(dataSource);
    expect(turn(() => 42)).toBe(42);
    const tx = heldTransaction('dentro', false);
    await tx.inside;
    const read = turn(() => 'leído');
    expect(read).toBeInstanceOf(Promise);
    let settled = false;
    void Promise.resolve(read).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    tx.open();
    await tx.done;
    expect(await read).toBe('leído');
  });
});
