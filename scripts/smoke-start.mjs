// Starts the app the way `npm start` does (scripts/start.mjs, on a fresh embedded database in a
// temporary DATA_DIR, with the demo firm; background jobs off), on the Node that runs this script,
// then checks that the web app and a signed-in API call answer and that SIGTERM stops it cleanly. CI runs it on Node 24
// LTS (`--node-major=24`: refuses to pass on any other Node, so a PATH mix-up cannot pass silently).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { 'node-major': { type: 'string' } } });
const wantedMajor = values['node-major'];
if (wantedMajor && process.versions.node.split('.')[0] !== wantedMajor) {
  console.error(`[smoke] wanted Node ${wantedMajor}, running on ${process.version} (${process.execPath})`);
  process.exit(1);
}

const root = new URL('..', import.meta.url).pathname;
const DEMO_PASSWORD = 'Matterhorn-demo-2026';
// A cold start migrates a new embedded database and seeds the demo firm: about a minute on a quiet
// 2-core machine, several beside other work.
const START_TIMEOUT_MS = 5 * 60_000;
const STOP_TIMEOUT_MS = 30_000;

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

function check(condition, what) {
  if (!condition) throw new Error(what);
}

const started = Date.now();
const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-smoke-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: origin,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    // Off: a fresh start's first job runs (scanning and reading the demo documents) outlast the
    // 10-second shutdown grace on a busy 2-core machine, and a drain cut short exits 1 by design.
    JOBS_ENABLED: 'false',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  // Its own process group, so that a failed run can end start.mjs and the server it started together.
  detached: true,
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = once(server, 'exit');
const killAll = () => {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
};

async function waitUntilRunning() {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!output.includes('Matterhorn is running')) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before it was running`);
    if (Date.now() > deadline) throw new Error(`the server was not running after ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function exercise() {
  const page = await fetch(`${origin}/`);
  const html = await page.text();
  check(page.status === 200, `GET / answered ${page.status}`);
  check(html.includes('<div id="root">'), 'GET / did not answer the web app (is it built? npm run build)');
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  check(script, 'the web app names no script');
  const asset = await fetch(`${origin}${script}`);
  await asset.arrayBuffer();
  check(asset.status === 200, `GET ${script} answered ${asset.status}`);

  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.law', password: DEMO_PASSWORD }),
  });
  const signedIn = await login.json();
  check(login.status === 200 && typeof signedIn.data?.token === 'string', `sign-in answered ${login.status}: ${JSON.stringify(signedIn)}`);
  const headers = { authorization: `Bearer ${signedIn.data.token}` };

  const entries = await fetch(`${origin}/api/admin/time-entry?page=1&size=5`, { headers });
  const list = await entries.json();
  check(entries.status === 200 && list.success === true, `the time-entry list answered ${entries.status}: ${JSON.stringify(list)}`);
  check(list.data.data.length > 0, 'the demo firm lists no time entries');

  const unsigned = await fetch(`${origin}/api/admin/time-entry?page=1&size=5`);
  await unsigned.arrayBuffer();
  check(unsigned.status === 401, `the list without a session answered ${unsigned.status}`);
}

async function stop() {
  const stopping = Date.now();
  // To start.mjs alone: it passes the signal on to the server, which must stop by itself.
  server.kill('SIGTERM');
  const timer = setTimeout(killAll, STOP_TIMEOUT_MS);
  const [code, signal] = await exited;
  clearTimeout(timer);
  check(code === 0, `after SIGTERM the server exited with ${code ?? signal} (0 expected)`);
  return Math.round((Date.now() - stopping) / 100) / 10;
}

let failure = null;
try {
  await waitUntilRunning();
  const running = Math.round((Date.now() - started) / 1000);
  await exercise();
  const stopped = await stop();
  console.log(
    `[smoke] Node ${process.version}: npm start's server was running in ${running} s, answered / and signed-in API calls, and stopped on SIGTERM in ${stopped} s`,
  );
} catch (error) {
  failure = error;
  killAll();
}
await rm(dataDir, { recursive: true, force: true });
if (failure) {
  console.error(`[smoke] Node ${process.version}: ${failure.message}\n--- server output ---\n${output}`);
  process.exit(1);
}
