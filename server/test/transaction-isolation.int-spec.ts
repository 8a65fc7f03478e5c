import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { User } from '../src/auth/entities/user.entity';
import { TransactionService } from '../src/core/database/transaction.service';
import { newClient } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

/**
 * What other requests do while a transaction is open must neither end up inside it nor see
 * its uncommitted rows. On MySQL each has its own connection; on SQLite the app shares one
 * connection (sqlite-serializer.ts), which is what these tests hold to account.
 */
describe('transactions and the work around them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const users = () => t.dataSource.getRepository(User);
  /** The ambient transaction's EntityManager, as the repositories use it. */
  const ambient = () => t.app.get<TransactionHost<TransactionalAdapterTypeOrm>>(TransactionHost).tx;

  /** A transaction that renames `userId`, waits for the gate, then fails (rolled back). */
  const failingTransaction = (userId: number) => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let renamed!: () => void;
    const inside = new Promise<void>((resolve) => (renamed = resolve));
    const done = t.app
      .get(TransactionService)
      .run(async () => {
        await ambient().update(User, { id: userId }, { name: 'Sin confirmar' });
        renamed();
        await gate;
        throw new Error('falla a propósito');
      })
      .catch((error: Error) => error.message);
    return { inside, open, done };
  };

  it('should keep a write made elsewhere while a transaction is open when that transaction rolls back', async () => {
    const inTx = await newClient(t, 'Dentro');
    const outside = await newClient(t, 'Fuera');
    const tx = failingTransaction(inTx.user.id);
    await tx.inside;

    const write = users().update({ id: outside.user.id }, { name: 'Cambio de fuera' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    tx.open();
    await write;
    expect(await tx.done).toBe('falla a propósito');

    expect((await users().findOneByOrFail({ id: outside.user.id })).name).toBe('Cambio de fuera');
    expect((await users().findOneByOrFail({ id: inTx.user.id })).name).toMatch(/^Dentro \d+$/);
  });

  it('should keep a save() made elsewhere (its own transaction) while another transaction is open and rolls back', async () => {
    const inTx = await newClient(t, 'Dentro');
    const outside = await users().findOneByOrFail({ id: (await newClient(t, 'Fuera')).user.id });
    const tx = failingTransaction(inTx.user.id);
    await tx.inside;

    outside.name = 'Guardado de fuera';
    const saved = users().save(outside);
    await new Promise((resolve) => setTimeout(resolve, 100));
    tx.open();
    await saved;
    expect(await tx.done).toBe('falla a propósito');
    expect((await users().findOneByOrFail({ id: outside.id })).name).toBe('Guardado de fuera');
  });

  it('should never show another request the rows of a transaction that is not committed', async () => {
    const inTx = await newClient(t, 'Original');
    const tx = failingTransaction(inTx.user.id);
    await tx.inside;

    const read = users()
      .findOneByOrFail({ id: inTx.user.id })
      .then((user) => user.name);
    await new Promise((resolve) => setTimeout(resolve, 100));
    tx.open();
    expect(await read).toMatch(/^Original \d+$/);
    expect(await tx.done).toBe('falla a propósito');
  });

  it('should let the transaction read and write through repositories while it holds the connection', async () => {
    const client = await newClient(t, 'Anidado');
    const name = await t.app.get(TransactionService).run(async () => {
      const manager = ambient();
      await manager.update(User, { id: client.user.id }, { name: 'Dentro de la transacción' });
      // A nested transaction runs in place (a savepoint), not behind its own parent.
      await manager.transaction((inner) => inner.update(User, { id: client.user.id }, { phone: '5512345678' }));
      return (await manager.findOneByOrFail(User, { id: client.user.id })).name;
    });
    expect(name).toBe('Dentro de la transacción');
    expect(await users().findOneByOrFail({ id: client.user.id })).toMatchObject({
      name: 'Dentro de la transacción',
      phone: '5512345678',
    });
  });
});
