import { DynamicModule, Module, Type } from '@nestjs/common';
import { AdminModule } from './admin';
import { ArcoModule } from './arco';
import { AuthModule } from './auth';
import type { Clock } from './core/clock/clock';
import type { AppConfig } from './core/config/app-config';
import { CoreModule } from './core/core.module';
import { JobsModule } from './core/jobs/jobs.module';
import { schema } from './database/schema';
import { SeedService } from './database/seed.service';
import { InformacionModule } from './informacion';
import { ClassTypesModule } from './class-types';
import { InstructorsModule } from './instructors';
import { InvoicingModule } from './invoicing';
import { LegalModule } from './legal';
import { HealthProfileModule } from './health-profile';
import { PrivacyModule } from './privacy';
import { JOBS } from './jobs';
import { OperationsModule } from './operations';
import { PagesModule } from './pages';
import { PaymentsModule } from './payments';
import { PlanesModule } from './planes';
import { ReservationsModule } from './reservations';
import { SalaModule } from './sala';
import { TeachingModule } from './teaching';

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
        SalaModule,
        InstructorsModule,
        TeachingModule,
        ClassTypesModule,
        LegalModule,
        HealthProfileModule,
        PlanesModule,
        InformacionModule,
        PrivacyModule,
        ArcoModule,
        AdminModule,
        PaymentsModule,
        PagesModule,
        // Metrics of queues, database and backups; the owner's alerts.
        OperationsModule,
        InvoicingModule,
        // The named jobs (server/src/jobs.ts) and their timers.
        JobsModule.forRoot(JOBS),
        ...extraModules,
      ],
      providers: [SeedService],
    };
  }
}
