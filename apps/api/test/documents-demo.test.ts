import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/platform/files/files.ts';
import { seedDemoDocuments } from '../src/seed/demo-documents.ts';
import { createTestApp, rowsOf, seedTestFirm, type TestContext } from './support/test-app.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

describe('the demo documents', () => {
  // How long the seed takes is for `npm start` to show, not for a timed test on a shared machine.
  it('seed Precedents and two matters’ documents (one with two versions, one shared)', async () => {
    const firm = await seedTestFirm(context.database);
    await seedDemoDocuments(context.database, firm, createFileStore(context.config.files));
    const [row] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ precedents: number; documents: number; versioned: number; shared: number; words: number }>(
        tx.execute(sql`select
          (select count(*)::int from documents d join document_folders f on f.id = d.folder_id where f.name = 'Precedents') as precedents,
          (select count(*)::int from documents) as documents,
          (select count(*)::int from documents where current_version_number = 2) as versioned,
          (select count(*)::int from documents where is_shared_with_client and client_id = ${firm.portalClient.clientId}) as shared,
          (select count(*)::int from document_versions where content_type = 'application/pdf') as words`),
      ),
    );
    expect(row).toEqual({ precedents: 1, documents: 5, versioned: 2, shared: 1, words: 7 });
  });
});
