import { DynamicModule, Module, Type } from '@nestjs/common';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import type { Clock } from './core/clock/clock';
import type { AppConfig } from './core/config/app-config';
import { CoreModule } from './core/core.module';
import { JobsModule } from './core/jobs/jobs.module';
import { schema } from './database/schema';
import { SeedService } from './database/seed.service';
import { InformacionModule } from './informacion/informacion.module';
import { JOBS } from './jobs';
import { PagesModule } from './pages/pages.module';
import { PaymentsModule } from './payments/payments.module';
import { PlanesModule } from './planes/planes.module';
import { ReservationsModule } from './reservations/reservations.module';

@Module({})
export class AppModule {
  /** `extraModules` and `clock` let integration tests mount probe controllers and set "now" on the real stack. */
  static forRoot(config: AppConfig, extraModules: Type[] = [], clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, schema, clock),
        AuthModule,
        ReservationsModule,
        PlanesModule,
        InformacionModule,
        AdminModule,
        PaymentsModule,
        PagesModule,
        // The named jobs (server/src/jobs.ts) and their timers.
        JobsModule.forRoot(JOBS),
        ...extraModules,
      ],
      providers: [SeedService],
    };
  }
}
