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
  if (!RealDate.shifted) {
    const offset = start - RealDate.now();
    class ShiftedDate extends RealDate {
      constructor(...args) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...args);
      }
      static now() {
        return RealDate.now() + offset;
      }
    }
    Object.defineProperty(ShiftedDate, 'shifted', { value: true });
    // `Date()` called without `new` answers the current time as text, as the real one does.
    globalThis.Date = new Proxy(ShiftedDate, {
      apply: () => new ShiftedDate().toString(),
    });
  }
}
