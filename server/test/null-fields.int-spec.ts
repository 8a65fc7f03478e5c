import { FixedClock } from '../src/core/clock/clock';
import { Schedule } from '../src/reservations/entities/schedule.entity';
import { NotificationsService } from '../src/notifications/notifications.service';
import { NOW } from './helpers/booking';
import { fingerprint } from './helpers/fingerprint';
import { type Agent, EXAMPLES, type Fixture, prepareExamples, type Role } from './helpers/operation-examples';
import { createTestApp, TestApp } from './helpers/test-app';

interface Operation {
  id: string;
  path: string;
  properties: string[];
  /** The fields the document says may be null (the ones an admin clears). */
  nullable: string[];
}

describe('null in every field of every operation (walked from the OpenAPI document)', () => {
  let t: TestApp;
  let operations: Operation[];
  let fixture: Fixture;
  let agents: Record<Role, Agent>;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(NOW) });
    const doc = (await t.agent().get('/api/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<
          string,
          { operationId: string; requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }
        >
      >;
      components: { schemas: Record<string, { properties?: Record<string, { nullable?: boolean }> }> };
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops).flatMap((op) => {
        const ref = op.requestBody?.content['application/json']?.schema.$ref;
        if (!ref) return [];
        const properties = doc.components.schemas[ref.split('/').pop()!].properties ?? {};
        return [
          {
            id: op.operationId,
            path,
            properties: Object.keys(properties),
            nullable: Object.keys(properties).filter((name) => properties[name].nullable === true),
          },
        ];
      }),
    );
    ({ fixture, agents } = await prepareExamples(t));
  });
  afterAll(async () => {
    await t.app.get(NotificationsService).settled();
    await t.close();
  });

  it('should have a valid example for every operation with a body, naming every field of its schema', async () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((op) => op.id).filter((id) => !(id in EXAMPLES))).toEqual([]);
    expect(Object.keys(EXAMPLES).filter((id) => !operations.some((op) => op.id === id))).toEqual([]);
    for (const op of operations) {
      const example = EXAMPLES[op.id];
      expect({ op: op.id, fields: Object.keys(example.body(fixture)).sort() }).toEqual({
        op: op.id,
        fields: [...op.properties].sort(),
      });
      // Valid: with one unknown field added, that field is all the validation refuses (nothing runs).
      const res = await agents[example.role].post(op.path).send({ ...example.body(fixture), campoDesconocido: 1 });
      expect({ op: op.id, status: res.status, error: res.body.error }).toEqual({
        op: op.id,
        status: 400,
        error: { campoDesconocido: ['Este campo no está permitido.'] },
      });
    }
  });

  it('should refuse null in every field that cannot be cleared with a 400 naming it, and change nothing', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const example = EXAMPLES[op.id];
      for (const property of op.properties.filter((name) => !op.nullable.includes(name))) {
        const before = await fingerprint(t);
        const body = { ...example.body(fixture), [property]: null };
        const res = await agents[example.role].post(op.path).send(body);
        const messages: unknown = res.body?.error?.[property];
        if (res.status !== 400 || res.body.code !== 'VALIDATION_ERROR' || !Array.isArray(messages)) {
          failures.push(`${op.id}.${property}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        } else if ((await fingerprint(t)) !== before) {
          failures.push(`${op.id}.${property}: the database changed`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('should clear the instructor with null, the one field the document marks nullable', async () => {
    const nullable = operations.flatMap((op) => op.nullable.map((name) => `${op.id}.${name}`));
    expect(nullable.sort()).toEqual([
      // A membership's classes a week: null is unlimited (one class a day).
      'addCataloguePlan.weeklyLimit',
      'addInstructor.accountEmail',
      'addSchedule.instructorId',
      'changeCataloguePlan.weeklyLimit',
      'changeInstructor.accountEmail',
      'changeSchedule.instructorId',
      'changeSettings.secondReminderHours',
      'setFavouriteSpot.spot',
      'setSubstitute.instructorId',
      'setSubstitutes.substituteId',
    ]);

    const changed = await agents.admin
      .post('/api/reservations/horario/change')
      .send({ ...EXAMPLES.changeSchedule.body(fixture), instructorId: null })
      .expect(200);
    expect(changed.body.schedule.instructor).toBeNull();
    const stored = await t.dataSource.getRepository(Schedule).findOneByOrFail({ id: fixture.scheduleId });
    expect(stored).toMatchObject({ instructorId: null, instructor: null });

    const added = await agents.admin
      .post('/api/reservations/horario/add')
      .send({ ...EXAMPLES.addSchedule.body(fixture), instructorId: null })
      .expect(201);
    expect(added.body.schedule).toMatchObject({ weekday: 7, startTime: '12:00', instructor: null });
  });
});
