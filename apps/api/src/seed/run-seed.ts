import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { holdDataDirectoryOrExit } from '../db/data-directory-lock.ts';
import { createFileStore } from '../platform/files/files.ts';
import { writePlanCatalogue } from '../modules/subscriptions/subscriptions.api.ts';
import { seedEndedDemoFirmOnce } from './demo-ended-firm.ts';
import { seedDemoFirmOnce } from './demo-seed.ts';

const config = loadConfig();
const releaseDataDirectory = config.databaseUrl ? null : await holdDataDirectoryOrExit(config.dataDir);
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await writePlanCatalogue(database, config.planCatalogue);
const created = await seedDemoFirmOnce(database, config.demoPassword, createFileStore(config.files), config.appSecret);
console.log(created ? 'Seeded the demo firm (portal slug "demo").' : 'The demo firm already exists; nothing to do.');
const ended = await seedEndedDemoFirmOnce(database, config.demoPassword, config.planCatalogue);
if (ended) console.log('Seeded the demo firm whose plan has ended (admin@ended.demo.law).');
await database.close();
await releaseDataDirectory?.();
