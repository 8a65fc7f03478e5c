import { Spot } from '../src/sala/entities';
import { adminAgent, newClient } from './helpers/booking';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

const favourite = (agent: Agent, spot: number | null) => agent.post('/api/informacion/favourite-spot').send({ spot });
const sessionUser = async (agent: Agent) => (await agent.get('/api/get-cookie').expect(200)).body.user;

// Mi información reads the session user: its favourite reformer comes with it, named, and only while in the room.
describe('the favourite reformer in the session user', () => {
  let t: TestApp;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    const spots = await t.dataSource.getRepository(Spot).findBy({ activeMarker: 1 });
    ids = Object.fromEntries(spots.map((s) => [s.label, s.id]));
  });
  afterAll(() => t.close());

  it('should answer null when the user has never chosen one', async () => {
    const { agent } = await newClient(t, 'Sin Favorito');
    expect((await sessionUser(agent)).favouriteSpot).toBeNull();
  });

  it('should name the favourite in get-cookie, login and change-info-user, and null once cleared', async () => {
    const { agent, user } = await newClient(t, 'Con Favorito');
    await favourite(agent, ids['Reformer 3']).expect(200);
    const expected = { id: ids['Reformer 3'], label: 'Reformer 3' };

    expect((await sessionUser(agent)).favouriteSpot).toEqual(expected);
    const login = await t
      .agent()
      .post('/api/auth/login')
      .send({ email: user.email, password: 'clave-segura-1' })
      .expect(200);
    expect(login.body.user.favouriteSpot).toEqual(expected);
    const changed = await agent
      .post('/api/informacion/change-info-user')
      .send({ name: 'Con Favorito Dos' })
      .expect(200);
    expect(changed.body.user.favouriteSpot).toEqual(expected);

    await favourite(agent, null).expect(200);
    expect((await sessionUser(agent)).favouriteSpot).toBeNull();
  });

  it('should follow a rename, and read null once the reformer is retired', async () => {
    const { agent } = await newClient(t, 'Retirado');
    const admin = await adminAgent(t);
    const added = await admin.post('/api/admin/sala/add').send({ label: 'Ventana', row: 9, column: 9 }).expect(201);
    const id = added.body.spot.id as number;
    await favourite(agent, id).expect(200);
    await admin.post('/api/admin/sala/update').send({ id, label: 'Junto a la ventana' }).expect(200);
    expect((await sessionUser(agent)).favouriteSpot).toEqual({ id, label: 'Junto a la ventana' });

    await admin.post('/api/admin/sala/retire').send({ id }).expect(200);
    expect((await sessionUser(agent)).favouriteSpot).toBeNull();
  });
});
