import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLIENT_MANIFEST_FILE, RENDERER_FILE } from '../../src/core/http/client-app.service';

const CLIENT = resolve(__dirname, '..', '..', '..', 'client');

/**
 * The built client (client/dist: the browser's files and the server's renderer), for tests of the
 * rendered pages. Built here when missing (a fresh clone that ran no `npm run build`).
 */
export function builtClientDir(): string {
  const dist = join(CLIENT, 'dist');
  if (!existsSync(join(dist, RENDERER_FILE)) || !existsSync(join(dist, CLIENT_MANIFEST_FILE))) {
    // Jest sets NODE_ENV=test, which would make Vite compile development JSX into a production React.
    execFileSync('npm', ['run', 'build'], {
      cwd: CLIENT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  return dist;
}
