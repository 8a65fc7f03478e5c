// Fails when server/openapi.json or the generated client hooks are stale.
import { execSync } from 'node:child_process';

const paths = ['server/openapi.json', 'client/src/api/generated', 'client/src/routeTree.gen.ts'];
execSync('npm run api:generate', { stdio: 'inherit' });
const changed = execSync(`git status --porcelain -- ${paths.join(' ')}`, { encoding: 'utf8' }).trim();
if (changed) {
  console.error('Generated API code is stale. Run `npm run api:generate` and commit:\n' + changed);
  process.exit(1);
}
console.log('Generated API code is up to date.');
