import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A local S3-compatible bucket (s3rver) over HTTPS, for restic in the off-site backup tests. */
export interface LocalS3 {
  /** `s3:https://127.0.0.1:<port>/<bucket>/<path>` */
  repository: (path: string) => string;
  /** The certificate restic must trust (RESTIC_CACERT). */
  caCertFile: string;
  /** Where s3rver keeps the bucket's objects. */
  directory: string;
  close: () => Promise<void>;
}

// s3rver runs in a process of its own, on the machine's real clock: S3 refuses requests signed more
// than 15 minutes from its own time, and restic signs with the real clock while the test process's
// clock may be moved (TEST_WALL_CLOCK, scripts/lib/shift-wall-clock.cjs).
const SERVER = `
const { readFileSync } = require('node:fs');
const S3rver = require('s3rver');
const [directory, key, cert, bucket] = process.argv.slice(1);
new S3rver({
  port: 0, address: '127.0.0.1', silent: true, directory,
  key: readFileSync(key), cert: readFileSync(cert),
  configureBuckets: [{ name: bucket, configs: [] }],
}).run().then(({ port }) => process.stdout.write(port + '\\n'));
`;

/** Starts s3rver with a self-signed certificate under `work`, with one bucket. */
export async function startLocalS3(work: string, bucket: string): Promise<LocalS3> {
  // Over HTTPS restic signs no streaming payload, which s3rver cannot read.
  const key = join(work, 'key.pem');
  const cert = join(work, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const directory = join(work, 's3');
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER, directory, key, cert, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`s3rver exited with code ${String(code)}`);
    }),
  ])) as [string];
  // Only digits: a console.log of a number would be coloured under FORCE_COLOR (as Nx runs the tests).
  const port = Number(/\d+/.exec(first)?.[0]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`s3rver did not say its port: ${first}`);
  return {
    repository: (path) => `s3:https://127.0.0.1:${port}/${bucket}/${path}`,
    caCertFile: cert,
    directory,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}
