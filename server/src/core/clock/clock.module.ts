import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { StudioClock } from './studio-clock';

/** The one source of "now" (the system clock, or the clock a test sets and moves) and the studio's wall clock on it. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock?: Clock): DynamicModule {
    const provider = clock ? { provide: Clock, useValue: clock } : { provide: Clock, useClass: SystemClock };
    return { module: ClockModule, providers: [provider, StudioClock], exports: [Clock, StudioClock] };
  }
}
