import { Plan } from '../src/planes/entities/plan.entity';
import { UserPlan } from '../src/planes/entities/user-plan.entity';
import { newClient } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

describe('the simulated checkout (no MP_ACCESS_TOKEN outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'http://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it('should send the buyer to a "Modo de prueba" page that approves and returns like Mercado Pago', async () => {
    const { agent, user } = await newClient(t);
    const plan = await t.dataSource.getRepository(Plan).findOneByOrFail({ name: 'Cuatro Clases' });
    const res = await agent.post('/api/mercadopago').send({ planId: plan.id }).expect(200);
    const checkout = new URL(res.body.url);
    expect(checkout.pathname).toMatch(/^\/api\/mercadopago\/simulador\/\d+$/);

    const page = await agent.get(checkout.pathname).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Modo de prueba');
    expect(page.text).toContain('$800.00');

    // Someone else cannot open or pay this purchase.
    const stranger = await newClient(t);
    await stranger.agent.get(checkout.pathname).expect(404);

    const paid = await agent.get(`${checkout.pathname}/pagar?resultado=approved`).expect(302);
    const back = new URL(paid.headers.location as string);
    expect(back.pathname).toBe('/pilates/clases');
    expect(back.searchParams.get('pago')).toBe('aprobado');
    // The webhook to APP_URL cannot arrive here (nothing listens there): the return confirms it.
    await agent
      .post('/api/mercadopago/confirm')
      .send({ payment_id: back.searchParams.get('payment_id') })
      .expect(200);
    expect(await t.dataSource.getRepository(UserPlan).findOneByOrFail({ userId: user.id })).toMatchObject({
      planName: 'Cuatro Clases',
      classesRemaining: 4,
      isPaid: true,
    });
    await agent.get(`${checkout.pathname}/pagar?resultado=gratis`).expect(400);
  });
});
