import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';

/** The one source of "now": the system clock, or the clock a test sets and moves. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock?: Clock): DynamicModule {
    const provider = clock ? { provide: Clock, useValue: clock } : { provide: Clock, useClass: SystemClock };
    return { module: ClockModule, providers: [provider], exports: [Clock] };
  }
}
