import { User, userFromRow, type UserRow } from '../src/auth/entities/user.entity';
import { registerUser } from './helpers/accounts';
import { createTestApp, TestApp } from './helpers/test-app';

describe('the per-request session user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should map a plain-SQL users row to the same entity TypeORM loads', async () => {
    const { user } = await registerUser(t, { email: 'fila@example.com', cumpleanos: '1988-02-29' });
    await t.dataSource.getRepository(User).update({ id: user.id }, { calendarToken: 'x'.repeat(43), active: false });
    const [row] = await t.dataSource.query<UserRow[]>('SELECT * FROM users WHERE id = ?', [user.id]);
    const viaTypeorm = await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
    expect(userFromRow(row)).toEqual(viaTypeorm);
    expect(userFromRow(row)).toBeInstanceOf(User);
  });

  it('should end a session at once when the user is deactivated', async () => {
    const { agent, user } = await registerUser(t, { email: 'activa@example.com' });
    await agent.get('/api/get-cookie').expect(200);
    await t.dataSource.getRepository(User).update({ id: user.id }, { active: false });
    await agent.get('/api/get-cookie').expect(401);
  });
});
