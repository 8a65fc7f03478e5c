import type { FixedClock } from '../../src/core/clock/clock';
import { Spot } from '../../src/sala/entities';
import { NOW } from './booking';
import { createTestApp, type TestApp } from './test-app';

type Agent = ReturnType<TestApp['agent']>;

/** push-reservation on a reformer (`spot`) or "Cualquiera" (none); `userId` when an admin books for someone. */
export const bookSpot = (agent: Agent, date: string, scheduleId: number, spot?: number, userId?: number) =>
  agent.post('/api/reservations/push-reservation').send({ date, classReservation: scheduleId, spot, userId });

export const setFavourite = (agent: Agent, spot: number | null) =>
  agent.post('/api/informacion/favourite-spot').send({ spot });

/** The live reformers by label: 'Reformer 1' → its id. */
export const spotIds = async (t: TestApp): Promise<Record<string, number>> => {
  const spots = await t.dataSource.getRepository(Spot).findBy({ activeMarker: 1 });
  return Object.fromEntries(spots.map((s) => [s.label, s.id]));
};

/**
 * The app of a sala suite, started before its tests and closed after them, on `clock` (set back to NOW
 * after each test) with CANCEL_HOURS 12 unless `env` says otherwise. `ready` receives the app and
 * the live reformers' ids.
 */
export function useSalaApp(
  clock: FixedClock,
  ready: (t: TestApp, ids: Record<string, number>) => void,
  env: Record<string, string> = { CANCEL_HOURS: '12' },
) {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ clock, env });
    ready(app, await spotIds(app));
  });
  afterAll(() => app.close());
  afterEach(() => clock.set(NOW));
}
