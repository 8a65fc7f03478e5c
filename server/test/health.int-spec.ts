import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, TestApp } from './helpers/test-app';

describe('GET /api/health and the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should report the database up', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toEqual({
      success: true,
      database: 'up',
      driver: process.env.TEST_DATABASE_URL ? 'mysql' : 'sqlite',
    });
  });

  it('should publish the OpenAPI document, the same as the committed openapi.json', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(res.body.paths['/api/health'].get.operationId).toBe('getHealth');
    const committed = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8'));
    expect(res.body).toEqual(committed);
    await t.http().get('/api/docs').expect(200);
  });

  it('should answer 503 while the database is unreachable', async () => {
    await t.dataSource.destroy();
    const res = await t.http().get('/api/health').expect(503);
    expect(res.body).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      error: 'La base de datos no está disponible.',
    });
    await t.dataSource.initialize();
    await t.http().get('/api/health').expect(200);
  });
});

describe('GET /api/studio', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STUDIO_TZ: 'America/Monterrey', CANCEL_HOURS: '6' } });
  });
  afterAll(() => t.close());

  it("should give anyone the studio's time zone and cancellation window from the configuration", async () => {
    const res = await t.http().get('/api/studio').expect(200);
    // The window is the owner's settings, whose first-start value is CANCEL_HOURS (settings.int-spec
    // covers the rest of the answer: the contact and the other policies).
    expect(res.body).toMatchObject({ success: true, timeZone: 'America/Monterrey', cancelHours: 6 });
  });
});
