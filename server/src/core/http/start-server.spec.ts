import { startServer } from './start-server';

describe('startServer', () => {
  afterEach(() => {
    process.exitCode = undefined;
    jest.restoreAllMocks();
  });

  it('should stop the start with one line naming the variable when a value is bad', async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await startServer({ PORT: 'tres mil' });
    expect(app).toBeUndefined();
    expect(process.exitCode).toBe(1);
    expect(printed).toHaveBeenCalledTimes(1);
    const line = String(printed.mock.calls[0][0]);
    expect(line).toContain('PORT');
    expect(line.split('\n')).toHaveLength(1);
  });
});
