import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A Word document as a PDF through LibreOffice (SOFFICE_PATH), laid out as Word lays it out. Each
 * conversion has its own directory and its own LibreOffice profile, so two at once never share a
 * lock; the worker's time limit stops one that hangs.
 */
export async function officePdfOf(content: Buffer, sofficePath: string, timeoutMs: number): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'matterhorn-word-pdf-'));
  try {
    const source = join(directory, 'letter.docx');
    await writeFile(source, content);
    await run(
      sofficePath,
      [`-env:UserInstallation=file://${join(directory, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', directory, source],
      { timeout: timeoutMs },
    );
    return await readFile(join(directory, 'letter.pdf'));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
