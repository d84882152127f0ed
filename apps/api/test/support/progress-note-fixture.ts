import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/lib/secrets.ts';
import { bearer, rowsOf, signIn, TEST_PASSWORD } from './test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './time-entry-fixtures.ts';

export const PROGRESS_NOTE_BASE = '/api/admin/progress-update';

export type ProgressNoteFixture = TimeEntryFixture & {
  /** A member of the first firm whose role holds exactly these permissions. */
  memberWith(permissions: string[]): Promise<string>;
  create(body: unknown, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  upload(
    noteId: string,
    fileName: string,
    content: Buffer,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The firm's note rows (deleted included), attachments and note audit events: what a refused request must leave as it was. */
  snapshot(): Promise<Record<string, number | string>>;
};

let memberCounter = 0;

export async function setUpProgressNoteFixture(): Promise<ProgressNoteFixture> {
  const fixture = await setUpTimeEntryFixture();
  const { context, firm } = fixture;
  const passwordHash = await hashPassword(TEST_PASSWORD);

  const memberWith = async (permissions: string[]) => {
    const name = `Role ${memberCounter++} ${randomUUID().slice(0, 6)}`;
    const email = `member${memberCounter}-${randomUUID().slice(0, 6)}@${firm.slug}.example`;
    await context.database.withFirm(firm.firmId, async (tx) => {
      await tx.execute(
        sql`insert into roles (firm_id, name, permissions) values (${firm.firmId}, ${name}, ${`{${permissions.join(',')}}`}::text[])`,
      );
      await tx.execute(sql`insert into users (firm_id, email, name, password_hash, role_id, email_verified_at)
        values (${firm.firmId}, ${email}, ${name}, ${passwordHash}, (select id from roles where name = ${name}), now())`);
    });
    return signIn(context.app, email);
  };

  const upload = (
    noteId: string,
    fileName: string,
    content: Buffer,
    token = fixture.tokens.admin,
    headers: Record<string, string> = {},
  ) => {
    const boundary = `----matterhorn${randomUUID()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    return context.app.inject({
      method: 'POST',
      url: `${PROGRESS_NOTE_BASE}/progress-note/${noteId}/attachments`,
      payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    });
  };

  const snapshot = () =>
    context.database.withFirm(firm.firmId, async (tx) => {
      const [row] = await rowsOf<Record<string, number | string>>(
        tx.execute(sql`select (select count(*)::int from progress_notes) as notes,
          (select count(*)::int from progress_notes where deleted_at is not null) as deleted,
          (select coalesce(max(updated_at)::text, '') from progress_notes) as "lastUpdate",
          (select count(*)::int from progress_note_attachments) as attachments,
          (select count(*)::int from progress_note_attachments where deleted_at is not null) as "removedAttachments",
          (select count(*)::int from audit_events where entity_type = 'progressNote') as events`),
      );
      return row!;
    });

  return {
    ...fixture,
    memberWith,
    create: (body, token = fixture.tokens.admin, headers = {}) =>
      fixture.call('POST', `${PROGRESS_NOTE_BASE}/create-progress-note`, token, body, headers),
    upload,
    snapshot,
  };
}
