import { existsSync, statSync } from 'node:fs';
import { connect, Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltServer, startBuiltServer } from '../scripts/lib/built-server.mjs';

/**
 * SIGTERM on the real process (node server/dist/main.js), as `docker stop` or an orchestrator
 * sends it: the request in flight is answered, then the process closes the database and exits 0.
 */
describe('graceful shutdown of the built server', () => {
  let server: BuiltServer;
  const email = 'admin@shutdown.local';
  const password = 'shutdown-admin-password';

  beforeAll(async () => {
    server = await startBuiltServer('shutdown');
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('should answer the request in flight, refuse new connections, close SQLite and exit 0', async () => {
    const { port } = new URL(server.url);
    const body = JSON.stringify({ email, password });
    // Headers and half the body: the server has taken the request and waits for the rest.
    const socket: Socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      [
        'POST /api/auth/login HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        'X-Requested-With: pilates-web',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body.slice(0, 10),
      ].join('\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.alive()).toBe(true);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    socket.write(body.slice(10));
    await ended;
    const [head] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(head.toLowerCase()).toContain('set-cookie:');

    expect(await exited).toBe(0);
    // better-sqlite3 checkpoints and removes the write-ahead log when the database is closed.
    const wal = join(server.dataDir, 'pilates.sqlite-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    expect(server.stderrTail()).not.toMatch(/error/i);
  });
});
