import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { User } from '../src/auth/entities/user.entity';
import { InTransaction } from '../src/core/database/in-transaction.decorator';
import { TransactionService } from '../src/core/database/transaction.service';
import { newClient } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

/** A repository as the app's are written: every statement on the ambient transaction. */
@Injectable()
class ProbeRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async rename(id: number, name: string): Promise<void> {
    await this.txHost.tx.update(User, { id }, { name });
  }

  /** Which EntityManager the statements run on now. */
  get current(): EntityManager {
    return this.txHost.tx;
  }
}

/** A service as the app's are written: transactional by annotation. */
@Injectable()
class ProbeService {
  /** The EntityManager each annotated method saw, in call order, and whether it was in a transaction then. */
  readonly seen: { manager: EntityManager; inTransaction: boolean }[] = [];
  attempts = 0;

  constructor(
    readonly transactions: TransactionService,
    private readonly repository: ProbeRepository,
  ) {}

  @InTransaction()
  async renameBoth(first: number, second: number, failAfterwards: boolean): Promise<void> {
    this.seen.push(this.snapshot());
    await this.repository.rename(first, 'Primero cambiado');
    await this.renameOne(second, 'Segundo cambiado');
    if (failAfterwards) throw new Error('falla después de escribir');
  }

  @InTransaction()
  async renameOne(id: number, name: string): Promise<void> {
    this.seen.push(this.snapshot());
    await this.repository.rename(id, name);
  }

  private snapshot() {
    const manager = this.repository.current;
    return { manager, inTransaction: manager.queryRunner?.isTransactionActive === true };
  }

  /** Fails its first attempt with MySQL's deadlock code after a write, then succeeds. */
  @InTransaction()
  async deadlockedOnce(id: number, onCommit: () => void): Promise<void> {
    this.attempts++;
    const attempt = this.attempts;
    await this.repository.rename(id, `Intento ${attempt}`);
    this.transactions.afterCommit(onCommit);
    if (attempt === 1)
      throw Object.assign(new Error('Deadlock found when trying to get lock'), { code: 'ER_LOCK_DEADLOCK' });
  }
}

@Module({ providers: [ProbeRepository, ProbeService] })
class ProbeModule {}

/** The ambient transaction seam (core/database): annotations, joining, rollbacks, retries, after-commit work. */
describe('ambient transactions', () => {
  let t: TestApp;
  let service: ProbeService;
  beforeAll(async () => {
    t = await createTestApp({ extraModules: [ProbeModule] });
    service = t.app.get(ProbeService);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    service.seen.length = 0;
    service.attempts = 0;
  });

  const nameOf = async (id: number) => (await t.dataSource.getRepository(User).findOneByOrFail({ id })).name;

  it('should roll back every write of an annotated method, its nested annotated calls included, when it fails afterwards', async () => {
    const first = (await newClient(t, 'Primero')).user;
    const second = (await newClient(t, 'Segundo')).user;
    await expect(service.renameBoth(first.id, second.id, true)).rejects.toThrow('falla después de escribir');
    expect(await nameOf(first.id)).toBe(first.name);
    expect(await nameOf(second.id)).toBe(second.name);
  });

  it('should run a nested annotated call inside the outer transaction, and commit both writes together', async () => {
    const first = (await newClient(t, 'Primero')).user;
    const second = (await newClient(t, 'Segundo')).user;
    await service.renameBoth(first.id, second.id, false);
    expect(await nameOf(first.id)).toBe('Primero cambiado');
    expect(await nameOf(second.id)).toBe('Segundo cambiado');
    // One transaction's EntityManager for both methods, not the data source's own.
    const [outer, inner] = service.seen;
    expect(inner.manager).toBe(outer.manager);
    expect(outer.manager).not.toBe(t.dataSource.manager);
    expect(outer.inTransaction).toBe(true);
  });

  it('should start its own transaction when called alone (outside any request or transaction)', async () => {
    const client = (await newClient(t, 'Solo')).user;
    await service.renameOne(client.id, 'Cambiado solo');
    expect(service.seen[0]).toMatchObject({ inTransaction: true });
    expect(service.seen[0].manager).not.toBe(t.dataSource.manager);
    expect(await nameOf(client.id)).toBe('Cambiado solo');
    // Outside it, repositories run on the data source's own manager.
    expect(t.app.get(ProbeRepository).current).toBe(t.dataSource.manager);
  });

  it('should retry a deadlocked transaction whole, run its after-commit work once, and drop the failed attempt’s', async () => {
    const client = (await newClient(t, 'Reintento')).user;
    const committed: string[] = [];
    await service.deadlockedOnce(client.id, () => committed.push(`commit ${service.attempts}`));
    expect(service.attempts).toBe(2);
    expect(await nameOf(client.id)).toBe('Intento 2');
    expect(committed).toEqual(['commit 2']);
  });

  it('should never run after-commit work of a transaction that rolls back, and run it at once outside a transaction', async () => {
    const transactions = t.app.get(TransactionService);
    const ran: string[] = [];
    await expect(
      transactions.run(async () => {
        transactions.afterCommit(() => ran.push('revertida'));
        throw new Error('no se confirma');
      }),
    ).rejects.toThrow('no se confirma');
    await transactions.run(async () => {
      await transactions.run(async () => transactions.afterCommit(() => ran.push('anidada')));
      expect(ran).toEqual([]);
    });
    transactions.afterCommit(() => ran.push('sin transacción'));
    expect(ran).toEqual(['anidada', 'sin transacción']);
  });
});
