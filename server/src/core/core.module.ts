import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AuthCoreModule } from './auth/auth-core.module';
import { AuthGuard } from './auth/auth.guard';
import { CsrfGuard } from './auth/csrf.guard';
import type { Clock } from './clock/clock';
import { ClockModule } from './clock/clock.module';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/app-config.module';
import type { DatabaseSchema } from './database/data-source-options';
import { DatabaseModule } from './database/database.module';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { HealthController } from './health/health.controller';
import { HealthRepository } from './health/health.repository';
import { HealthService } from './health/health.service';
import { Metrics } from './metrics/metrics';
import { ClientAppService } from './http/client-app.service';
import { PasswordHasher } from './security/password-hasher';
import { StudioController } from './studio/studio.controller';
import { SettingsController } from './settings/settings.controller';
import { StudioSettingsRepository } from './settings/studio-settings.repository';
import { StudioSettingsService } from './settings/studio-settings.service';
import { apiValidationPipe } from './http/validation-pipe';

/** Shared plumbing: config, database, clock, sessions and guards, validation, error filter, health, the studio's zone and settings. */
@Global()
@Module({})
export class CoreModule {
  /** `schema`: the app's entities and migrations (server/src/database/schema.ts). */
  static forRoot(config: AppConfig, schema: DatabaseSchema, clock?: Clock): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        AppConfigModule.forRoot(config),
        ClockModule.forRoot(clock),
        DatabaseModule.forRoot(schema),
        AuthCoreModule,
      ],
      controllers: [HealthController, StudioController, SettingsController],
      providers: [
        HealthRepository,
        HealthService,
        ClientAppService,
        PasswordHasher,
        Metrics,
        StudioSettingsRepository,
        StudioSettingsService,
        // Order matters: a forged cross-site request is refused before any session work.
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        {
          provide: APP_PIPE,
          useValue: apiValidationPipe(),
        },
      ],
      exports: [PasswordHasher, Metrics, ClientAppService, AuthCoreModule, StudioSettingsService],
    };
  }
}
