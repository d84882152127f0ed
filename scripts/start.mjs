// `npm start`: builds the web app when it is missing or older than its sources, then serves
// API and web app together (migrations and the demo seed run as the server starts).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const sources = [
  join(web, 'src'),
  join(web, 'index.html'),
  join(web, 'intake.html'),
  join(web, 'vite.config.ts'),
  join(root, 'packages/shared/src'),
];
const isStale = !existsSync(builtIndex) || Math.max(...sources.filter(existsSync).map(newestChange)) > statSync(builtIndex).mtimeMs;
if (isStale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@matterhorn/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
