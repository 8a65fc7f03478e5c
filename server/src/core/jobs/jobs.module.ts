import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { JOB_TABLE, type JobDefinition } from './job';
import { JobRunner } from './job-runner';

/** The app's named jobs (`jobs`: its one table) and their timers. */
@Module({})
export class JobsModule {
  static forRoot(jobs: readonly JobDefinition[]): DynamicModule {
    return {
      module: JobsModule,
      global: true,
      imports: [ScheduleModule.forRoot()],
      providers: [{ provide: JOB_TABLE, useValue: jobs }, JobRunner],
      exports: [JobRunner],
    };
  }
}
