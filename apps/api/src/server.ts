import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { holdDataDirectoryOrExit } from './db/data-directory-lock.ts';
import { createFileStore } from './platform/files/files.ts';
import { seedDemoFirmOnce } from './seed/demo-seed.ts';

const config = loadConfig();
// The embedded database lives in DATA_DIR and belongs to one process (a server's is shared safely).
const releaseDataDirectory = config.databaseUrl ? null : await holdDataDirectoryOrExit(config.dataDir);
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  preparedStatements: config.databasePreparedStatements,
});
await database.migrate();
const app = await buildApp(config, { database });
if (config.seedDemo) {
  const seeded = await seedDemoFirmOnce(database, config.demoPassword, createFileStore(config.files));
  if (seeded) app.log.info('seeded the demo firm (portal slug "demo")');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => releaseDataDirectory?.())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

await app.listen({ port: config.port, host: config.host });
const url = config.appUrl;
console.log(`\nMatterhorn is running at ${url}`);
console.log(`API documentation: ${url}/api/docs`);
if (config.seedDemo) {
  console.log(`Demo sign-in: admin@demo.law (also feeearner@demo.law, billing@demo.law) with password ${config.demoPassword}`);
  console.log(`Client portal: ${url}/portal/demo/login as client@demo.law with the same password\n`);
}
if (!config.webDistDir) console.log('The web app is not built: run `npm run build` (npm start does this for you).');
