import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsersService } from '../auth';
import { User } from '../auth/entities';
import { AppConfig } from '../core/config/app-config';
import { GENERATED_ADMIN_PASSWORD_FILE } from '../core/database/data-dir';
import { PasswordHasher } from '../core/security/password-hasher';
import { Plan } from '../planes/entities';
import { Schedule } from '../reservations/entities';
import { SalaService } from '../sala';
import { SEED_CAPACITY, SEED_PLANS, SEED_SCHEDULE } from './seed-data';

export interface SeedResult {
  plansCreated: number;
  schedulesCreated: number;
  /** Reformers placed in the room drawn now (none when one was ever drawn). */
  spotsCreated: number;
  adminCreated: boolean;
  /** Set only when the admin was created now with a generated password. */
  generatedAdminPassword?: string;
}

/**
 * First-start data (provided by AppModule: it writes four modules' tables, so it lives beside the
 * migrations, not in core): the catalogue, the default timetable, the room and an admin. Idempotent:
 * each part is written only while its table has nothing of the kind, under a
 * database-wide lock on MySQL so two replicas starting together seed once.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
    private readonly users: UsersService,
    private readonly sala: SalaService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const result = await this.seed();
    if (result.plansCreated || result.schedulesCreated) {
      this.logger.log(
        `Catálogo (${result.plansCreated} planes) y horario (${result.schedulesCreated} clases) creados.`,
      );
    }
    if (result.generatedAdminPassword) {
      // Never in the logs (they are shipped and kept): in a file only the server's user can read.
      const file = join(this.config.dataDir, GENERATED_ADMIN_PASSWORD_FILE);
      mkdirSync(this.config.dataDir, { recursive: true, mode: 0o700 });
      writeFileSync(file, `${result.generatedAdminPassword}\n`, { mode: 0o600 });
      this.logger.warn(
        `Administrador creado: ${this.config.adminEmail}; su contraseña generada está en ${file} (guárdala en un lugar seguro y borra el archivo)`,
      );
    } else if (result.adminCreated) {
      this.logger.log(`Administrador creado: ${this.config.adminEmail} (contraseña de ADMIN_PASSWORD)`);
    }
  }

  async seed(): Promise<SeedResult> {
    // Hashing is slow: only when an admin will be created (checked again inside the transaction).
    const passwordHash = (await this.needsAdmin()) ? await this.adminPasswordHash() : undefined;
    return this.withSeedLock(() =>
      this.txHost.withTransaction(async () => {
        const plansCreated = await this.seedPlans();
        const schedulesCreated = await this.seedSchedule();
        // The room matches the timetable: one reformer per place of its largest class.
        const largest = (await this.txHost.tx.maximum(Schedule, 'capacity', { active: true })) ?? 0;
        const spotsCreated = await this.sala.drawFirstRoom(largest);
        const adminCreated = passwordHash ? await this.seedAdmin(passwordHash.hash) : false;
        return {
          plansCreated,
          schedulesCreated,
          spotsCreated,
          adminCreated,
          generatedAdminPassword: adminCreated ? passwordHash?.generated : undefined,
        };
      }),
    );
  }

  private async seedPlans(): Promise<number> {
    if ((await this.txHost.tx.count(Plan)) > 0) return 0;
    await this.txHost.tx.insert(
      Plan,
      SEED_PLANS.map((plan, index) => ({ ...plan, visible: true, sortOrder: index + 1 })),
    );
    return SEED_PLANS.length;
  }

  private async seedSchedule(): Promise<number> {
    if ((await this.txHost.tx.count(Schedule)) > 0) return 0;
    await this.txHost.tx.insert(
      Schedule,
      SEED_SCHEDULE.map((slot) => ({ ...slot, capacity: SEED_CAPACITY, durationMinutes: 50, active: true })),
    );
    return SEED_SCHEDULE.length;
  }

  private async seedAdmin(passwordHash: string): Promise<boolean> {
    if (!(await this.needsAdmin())) return false;
    // Through the users' repository, which writes the account's grams of the users search with it.
    await this.users.createAdminInside({
      name: 'Administrador',
      email: this.config.adminEmail,
      passwordHash,
      birthDate: '1990-01-01',
    });
    return true;
  }

  private async needsAdmin(): Promise<boolean> {
    const tx = this.txHost.tx;
    const hasAdmin = await tx.exists(User, { where: { role: 'admin' } });
    return !hasAdmin && !(await tx.exists(User, { where: { email: this.config.adminEmail } }));
  }

  private async adminPasswordHash(): Promise<{ hash: string; generated?: string }> {
    const generated = this.config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    return { hash: await this.hasher.hash(this.config.adminPassword ?? generated!), generated };
  }

  private async withSeedLock<T>(work: () => Promise<T>): Promise<T> {
    const dataSource = this.txHost.tx.connection;
    if (dataSource.options.type !== 'mysql') return work();
    const runner = dataSource.createQueryRunner();
    try {
      await runner.query("SELECT GET_LOCK('pilates_seed', 30)");
      return await work();
    } finally {
      await runner.query("SELECT RELEASE_LOCK('pilates_seed')").catch(() => undefined);
      await runner.release();
    }
  }
}
