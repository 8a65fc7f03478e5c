import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, EntityManager } from 'typeorm';
import { User } from '../auth/entities/user.entity';
import { AppConfig } from '../core/config/app-config';
import { GENERATED_ADMIN_PASSWORD_FILE } from '../core/database/data-dir';
import { PasswordHasher } from '../core/security/password-hasher';
import { Plan } from '../planes/entities/plan.entity';
import { Schedule } from '../reservations/entities/schedule.entity';
import { SEED_CAPACITY, SEED_PLANS, SEED_SCHEDULE } from './seed-data';

export interface SeedResult {
  plansCreated: number;
  schedulesCreated: number;
  adminCreated: boolean;
  /** Set only when the admin was created now with a generated password. */
  generatedAdminPassword?: string;
}

/**
 * First-start data (provided by AppModule: it writes three modules' tables, so it lives beside the
 * migrations, not in core): the catalogue, the default timetable and an admin. Idempotent:
 * each part is written only while its table has nothing of the kind, under a
 * database-wide lock on MySQL so two replicas starting together seed once.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
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
    const passwordHash = (await this.needsAdmin(this.dataSource.manager)) ? await this.adminPasswordHash() : undefined;
    return this.withSeedLock(() =>
      this.dataSource.transaction(async (manager) => {
        const plansCreated = await this.seedPlans(manager);
        const schedulesCreated = await this.seedSchedule(manager);
        const adminCreated = passwordHash ? await this.seedAdmin(manager, passwordHash.hash) : false;
        return {
          plansCreated,
          schedulesCreated,
          adminCreated,
          generatedAdminPassword: adminCreated ? passwordHash?.generated : undefined,
        };
      }),
    );
  }

  private async seedPlans(manager: EntityManager): Promise<number> {
    if ((await manager.count(Plan)) > 0) return 0;
    await manager.insert(
      Plan,
      SEED_PLANS.map((plan, index) => ({ ...plan, visible: true, sortOrder: index + 1 })),
    );
    return SEED_PLANS.length;
  }

  private async seedSchedule(manager: EntityManager): Promise<number> {
    if ((await manager.count(Schedule)) > 0) return 0;
    await manager.insert(
      Schedule,
      SEED_SCHEDULE.map((slot) => ({ ...slot, capacity: SEED_CAPACITY, durationMinutes: 50, active: true })),
    );
    return SEED_SCHEDULE.length;
  }

  private async seedAdmin(manager: EntityManager, passwordHash: string): Promise<boolean> {
    if (!(await this.needsAdmin(manager))) return false;
    await manager.insert(User, {
      name: 'Administrador',
      email: this.config.adminEmail,
      passwordHash,
      birthDate: '1990-01-01',
      role: 'admin',
      active: true,
      phone: null,
      calendarToken: null,
    });
    return true;
  }

  private async needsAdmin(manager: EntityManager): Promise<boolean> {
    const hasAdmin = await manager.exists(User, { where: { role: 'admin' } });
    return !hasAdmin && !(await manager.exists(User, { where: { email: this.config.adminEmail } }));
  }

  private async adminPasswordHash(): Promise<{ hash: string; generated?: string }> {
    const generated = this.config.adminPassword ? undefined : randomBytes(12).toString('base64url');
    return { hash: await this.hasher.hash(this.config.adminPassword ?? generated!), generated };
  }

  private async withSeedLock<T>(work: () => Promise<T>): Promise<T> {
    if (this.dataSource.options.type !== 'mysql') return work();
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.query("SELECT GET_LOCK('pilates_seed', 30)");
      return await work();
    } finally {
      await runner.query("SELECT RELEASE_LOCK('pilates_seed')").catch(() => undefined);
      await runner.release();
    }
  }
}
