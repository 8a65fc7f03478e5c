// `npm start`: build what changed (Nx caches unchanged builds), then serve on one port.
import { spawnSync } from 'node:child_process';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from './lib/server-command.mjs';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', ['nx', 'run-many', '-t', 'build', '--projects=dates,server,client', '--output-style=static']);
run(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY]);
