import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
  }
}

/** Migrates one PGlite once; every test file starts from a copy of it (~0.4 s instead of ~3 s). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const file = join(tmpdir(), `matterhorn-pglite-template-${process.pid}.tar`);
  const pglite = createPglite();
  await openDatabase({ pglite }).migrate();
  const dump = await pglite.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplateFile', file);
}
