// Loaded by the test runners (Jest's setupFiles, Vitest's setupFiles) when TEST_WALL_CLOCK is set:
// the machine's clock, as the code under test sees it (`Date`, `Date.now()`), starts at that instant
// and runs on in real time. scripts/test-clock-edges.mjs runs the time-sensitive suites this way just
// before and after midnight, at a month's end and at a minute's edge, to prove no outcome depends on
// the hour the suite happens to run at. Timers stay real.
const wanted = process.env.TEST_WALL_CLOCK;
if (wanted) {
  const start = Date.parse(wanted);
  if (Number.isNaN(start)) throw new Error(`TEST_WALL_CLOCK no es una fecha válida: ${wanted}`);
  const RealDate = globalThis.Date;
  if (!globalThis.__wallClockShifted) {
    const offset = start - RealDate.now();
    const now = () => RealDate.now() + offset;
    // A proxy of the real Date rather than a subclass: `Date.prototype`, `instanceof Date` and the
    // libraries that copy Date.prototype's methods (@date-fns/tz's TZDate) see the real one.
    globalThis.Date = new Proxy(RealDate, {
      // `new Date()` (and `super()` in a subclass) is now; with arguments it is as before.
      construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
      // `Date()` called without `new` answers the current time as text, as the real one does.
      apply: () => new RealDate(now()).toString(),
      get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
    });
    Object.defineProperty(globalThis, '__wallClockShifted', { value: true });
  }
}
