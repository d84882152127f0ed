import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/api/src/db/database.ts';
import type { DocumentFacts } from './generate-documents.ts';
import { settle, skip, type Issue4Context, type Issue4Results } from './issue4-shared.ts';
import { watchMemory, type MemoryReading } from './memory-watch.ts';
import { format, round, type Download } from './report.ts';

/**
 * Issue 18's targets: a folder of 10,000 documents pages at p99 ≤ 25 ms and a search over 100,000
 * documents' text at p99 ≤ 50 ms, with 10 users; a 100 MB upload and download each grow the API
 * by ≤ 50 MB; a zip of 1,000 files at the disk's speed (at least half a plain sequential read of
 * the same files) with the API growing ≤ 50 MB.
 */
export const ISSUE18_TARGETS = { folderP99Ms: 25, searchP99Ms: 50, bigFileRssGrowthMiB: 50, zipShareOfDisk: 0.5, zipRssGrowthMiB: 50 };

export const DOCUMENT_BASE = '/api/admin/document';
const UPLOAD = `${DOCUMENT_BASE}/upload-document`;
const DOWNLOAD = `${DOCUMENT_BASE}/download-document/{id}`;
const ZIP = `${DOCUMENT_BASE}/download-folder-zip/{id}`;
const MIB = 2 ** 20;
/** 100 MB in the 1024-based units the app shows: exactly the default upload limit, which a file may reach. */
const BIG_FILE_BYTES = 100 * MIB;
const BIG_FILE_RUNS = 3;
const ZIP_FILES = 1_000;
const ZIP_RUNS = 3;

type Run = { milliseconds: number; memory: MemoryReading; bytes: number };
const growth = (run: Run) => run.memory.peakBytes - run.memory.beforeBytes;
const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!;

/** Reads a response to its last byte, counting; keeps the last 64 KB (a zip's central directory ends there). */
async function drain(response: Response): Promise<{ bytes: number; tail: Buffer }> {
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    tail = Buffer.concat([tail, chunk]).subarray(-65_536);
  }
  return { bytes, tail };
}

/** The API's memory during one request, read to its last byte. */
async function timed(context: Issue4Context, send: () => Promise<Response>): Promise<Run & { response: Response; tail: Buffer }> {
  const watch = await watchMemory(context.app);
  const started = performance.now();
  const response = await send();
  const { bytes, tail } = await drain(response);
  return { milliseconds: performance.now() - started, memory: await watch.stop(), bytes, response, tail };
}

function downloadOf(scenario: string, runs: Run[], rows: number, targetRssGrowthMiB: number, targetSeconds?: number): Download {
  const worst = runs.reduce((most, run) => (growth(run) > growth(most) ? run : most));
  const medianMs = median(runs.map((run) => run.milliseconds));
  const rssGrowthMiB = growth(worst) / MIB;
  return {
    scenario,
    rows,
    bytes: worst.bytes,
    seconds: runs.map((run) => round(run.milliseconds / 1000, 3)),
    rssGrowthMiBPerRun: runs.map((run) => round(growth(run) / MIB, 1)),
    medianSeconds: round(medianMs / 1000, 3),
    firstByteMs: 0,
    rssBeforeMiB: round(worst.memory.beforeBytes / MIB, 1),
    rssPeakMiB: round(worst.memory.peakBytes / MIB, 1),
    rssGrowthMiB: round(rssGrowthMiB, 1),
    memorySource: worst.memory.source,
    ...(targetSeconds === undefined ? {} : { targetSeconds }),
    targetRssGrowthMiB,
    pass: rssGrowthMiB <= targetRssGrowthMiB && (targetSeconds === undefined || medianMs / 1000 <= targetSeconds),
  };
}

function report(output: Issue4Results, download: Download, detail = '') {
  console.log(
    `  ${download.scenario.padEnd(40)} ${download.seconds.map((seconds) => Math.round(seconds * 1000)).join(' / ')} ms; ` +
      `RSS ${format(download.rssBeforeMiB, 0)} → ${format(download.rssPeakMiB, 0)} MB (+${format(download.rssGrowthMiB, 1)})${detail}`,
  );
  output.downloads.push(download);
}

/** A free subfolder of the big folder's matter folder, written as the owner (the bench's own fixture). */
async function createFolder(owner: Database, facts: DocumentFacts, name: string): Promise<string> {
  const result = (await owner.db.execute(
    sql`insert into document_folders (firm_id, parent_folder_id, kind, name, client_id, matter_id, created_by_user_id)
      select firm_id, id, 'folder', ${name}, client_id, matter_id, ${facts.adminUserId} from document_folders where id = ${facts.bigFolderId}
      returning id`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows[0]!.id;
}

/** A 100 MB MP4 (a recorded deposition): a real header, then random bytes, which no compression or text extraction shortens. */
async function writeBigFile(directory: string): Promise<string> {
  const path = join(directory, 'deposition.mp4');
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1')]);
  const stream = createWriteStream(path);
  stream.write(head);
  for (let written = head.length; written < BIG_FILE_BYTES; written += MIB)
    stream.write(randomBytes(Math.min(MIB, BIG_FILE_BYTES - written)));
  await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return path;
}

/** A 100 MB file uploaded through the API (multipart, streamed from disk) and downloaded, BIG_FILE_RUNS times each. */
export async function measureBigFile(context: Issue4Context, facts: DocumentFacts, output: Issue4Results) {
  const scenario = 'documents: 100 MB up and down';
  if (!context.routes.has(`POST ${UPLOAD}`) || !context.routes.has(`GET ${DOWNLOAD}`)) {
    skip(output.skipped, scenario, 'endpoint not built yet');
    return;
  }
  const auth = { authorization: `Bearer ${context.adminToken}` };
  const owner = openDatabase({ databaseUrl: context.databaseUrl, poolSize: 1 });
  const directory = await mkdtemp(join(tmpdir(), 'matterhorn-bench18-'));
  try {
    const folderId = await createFolder(owner, facts, 'Recordings');
    const file = await openAsBlob(await writeBigFile(directory), { type: 'video/mp4' });
    await settle(context.databaseUrl, scenario);
    const uploads: Run[] = [];
    const downloads: Run[] = [];
    let documentId = '';
    for (let run = 0; run < BIG_FILE_RUNS; run += 1) {
      const form = new FormData();
      form.append('FolderId', folderId);
      form.append('file', file, `Deposition recording ${run + 1}.mp4`);
      const upload = await timed(context, () => fetch(`${context.baseUrl}${UPLOAD}`, { method: 'POST', headers: auth, body: form }));
      let answer: { data?: { id?: string; sizeBytes?: number } } = {};
      try {
        answer = JSON.parse(upload.tail.toString('utf8')) as typeof answer;
      } catch {
        // Not JSON: reported below with the status and the text.
      }
      if (!upload.response.ok || !answer.data?.id)
        throw new Error(`upload answered ${upload.response.status}: ${upload.tail.toString().slice(0, 200)}`);
      if (answer.data.sizeBytes !== undefined && answer.data.sizeBytes !== BIG_FILE_BYTES)
        throw new Error(`upload stored ${answer.data.sizeBytes} bytes of ${BIG_FILE_BYTES}`);
      uploads.push({ ...upload, bytes: BIG_FILE_BYTES });
      documentId = answer.data.id;
    }
    for (let run = 0; run < BIG_FILE_RUNS; run += 1) {
      const download = await timed(context, () => fetch(`${context.baseUrl}${DOWNLOAD.replace('{id}', documentId)}`, { headers: auth }));
      if (download.response.status !== 200 || download.bytes !== BIG_FILE_BYTES)
        throw new Error(`download answered ${download.response.status} with ${download.bytes} bytes`);
      downloads.push(download);
    }
    report(output, downloadOf('documents: 100 MB upload', uploads, 1, ISSUE18_TARGETS.bigFileRssGrowthMiB));
    report(output, downloadOf('documents: 100 MB download', downloads, 1, ISSUE18_TARGETS.bigFileRssGrowthMiB));
  } catch (error) {
    skip(output.skipped, scenario, error instanceof Error ? error.message : String(error));
  } finally {
    await owner.close();
    await rm(directory, { recursive: true, force: true });
  }
}

type BundleFile = { name: string; key: string; type: string; size: number; sha: string; text: string | null };

/**
 * A trial bundle of ZIP_FILES real files, 8–200 KB: seven in ten text PDFs (compressible), three
 * in ten JPEG photographs (random bytes, as incompressible as a real photograph). Written straight
 * into the API's local file store (DATA_DIR/files/<first two characters of the key>/<key>, as
 * local-file-store.ts lays it out) and recorded as the owner, as if uploaded and scanned.
 */
async function writeBundle(filesDirectory: string): Promise<BundleFile[]> {
  const bundle: BundleFile[] = [];
  const line = 'The witness confirmed the contents of exhibit C and the dates of the correspondence with the bank.\n';
  for (let index = 1; index <= ZIP_FILES; index += 1) {
    const size = 8 * 1024 + ((index * 7919) % 193) * 1024;
    const isPhoto = index % 10 >= 7;
    const content = isPhoto
      ? Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), randomBytes(size - 11)])
      : Buffer.from(`%PDF-1.4\n${line.repeat(Math.ceil(size / line.length))}`.slice(0, size - 6) + '\n%%EOF', 'latin1');
    const key = randomBytes(24).toString('base64url');
    await mkdir(join(filesDirectory, key.slice(0, 2)), { recursive: true });
    await writeFile(join(filesDirectory, key.slice(0, 2), key), content);
    const number = String(index).padStart(4, '0');
    bundle.push({
      name: isPhoto ? `Exhibit ${number} photograph.jpg` : `Exhibit ${number}.pdf`,
      key,
      type: isPhoto ? 'image/jpeg' : 'application/pdf',
      size: content.length,
      sha: createHash('sha256').update(content).digest('hex'),
      text: isPhoto ? null : line.trim(),
    });
  }
  return bundle;
}

async function recordBundle(owner: Database, facts: DocumentFacts, folderId: string, bundle: BundleFile[]) {
  await owner.db.execute(
    sql`with files as (select * from jsonb_to_recordset(${JSON.stringify(bundle)}::jsonb)
        as f(name text, key text, type text, size bigint, sha text, text text)),
      folder as (select firm_id, id, client_id, matter_id from document_folders where id = ${folderId}),
      added as (
        insert into documents (firm_id, folder_id, client_id, matter_id, name, search_name, content_text, created_by_user_id)
        select o.firm_id, o.id, o.client_id, o.matter_id, f.name, lower(f.name), f.text, ${facts.adminUserId}
        from files f cross join folder o
        returning firm_id, id, name)
    insert into document_versions (firm_id, document_id, version_number, storage_key, file_name, content_type, size_bytes, sha256,
      uploaded_by_user_id, scan_status, scanned_at, text_status, extracted_text, extracted_at)
    select a.firm_id, a.id, 1, f.key, f.name, f.type, f.size, f.sha, ${facts.adminUserId}, 'available', now(),
      case when f.text is null then 'none' else 'extracted' end, f.text, case when f.text is not null then now() end
    from added a join files f on f.name = a.name`,
  );
}

/** The same files read one after the other from the file store, as plainly as Node can: the disk's speed here. */
async function readSequentially(filesDirectory: string, bundle: BundleFile[]): Promise<number> {
  const started = performance.now();
  for (const file of bundle) {
    for await (const chunk of createReadStream(join(filesDirectory, file.key.slice(0, 2), file.key))) void chunk;
  }
  return performance.now() - started;
}

/** The number of entries a zip's end-of-central-directory record (or its zip64 one) declares. */
function zipEntries(tail: Buffer): number | null {
  const zip64 = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
  if (zip64 >= 0 && zip64 + 40 <= tail.length) return Number(tail.readBigUInt64LE(zip64 + 32));
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return end >= 0 && end + 12 <= tail.length ? tail.readUInt16LE(end + 10) : null;
}

/** A folder of ZIP_FILES real files downloaded as a zip, against reading the same files from disk. */
export async function measureZip(context: Issue4Context, facts: DocumentFacts, output: Issue4Results) {
  const scenario = `documents: zip of ${format(ZIP_FILES, 0)} files`;
  if (!context.routes.has(`GET ${ZIP}`)) {
    skip(output.skipped, scenario, 'endpoint not built yet');
    return;
  }
  if (!context.app.ready.dataDir) {
    skip(output.skipped, scenario, 'the API did not say where its file store is');
    return;
  }
  const filesDirectory = join(context.app.ready.dataDir, 'files');
  const owner = openDatabase({ databaseUrl: context.databaseUrl, poolSize: 1 });
  try {
    const folderId = await createFolder(owner, facts, 'Trial bundle');
    const bundle = await writeBundle(filesDirectory);
    await recordBundle(owner, facts, folderId, bundle);
    const fileBytes = bundle.reduce((sum, file) => sum + file.size, 0);
    const diskRuns: number[] = [];
    for (let run = 0; run < ZIP_RUNS; run += 1) diskRuns.push(await readSequentially(filesDirectory, bundle));
    const diskMs = median(diskRuns);
    await settle(context.databaseUrl, scenario);
    const auth = { authorization: `Bearer ${context.adminToken}` };
    const runs: Run[] = [];
    let entries: number | null = null;
    for (let run = 0; run < ZIP_RUNS; run += 1) {
      const zip = await timed(context, () => fetch(`${context.baseUrl}${ZIP.replace('{id}', folderId)}`, { headers: auth }));
      if (zip.response.status !== 200)
        throw new Error(`download-folder-zip answered ${zip.response.status}: ${zip.tail.toString().slice(0, 200)}`);
      entries = zipEntries(zip.tail);
      runs.push(zip);
    }
    const diskMBps = fileBytes / MIB / (diskMs / 1000);
    const zipMs = median(runs.map((run) => run.milliseconds));
    const zipMBps = fileBytes / MIB / (zipMs / 1000);
    const targetSeconds = round(diskMs / 1000 / ISSUE18_TARGETS.zipShareOfDisk, 3);
    const download = downloadOf(scenario, runs, ZIP_FILES, ISSUE18_TARGETS.zipRssGrowthMiB, targetSeconds);
    report(
      output,
      download,
      `; ${format(fileBytes / MIB, 1)} MB of files at ${format(zipMBps, 0)} MB/s, a plain read ${format(diskMBps, 0)} MB/s ` +
        `(${format((zipMBps / diskMBps) * 100, 0)}%); ${entries ?? '?'} entries`,
    );
    output.checks = [
      ...(output.checks ?? []),
      {
        scenario: `${scenario}: every file in the zip`,
        pass: entries === ZIP_FILES,
        detail: `${entries ?? 'unreadable'} entries of ${ZIP_FILES}`,
      },
    ];
  } catch (error) {
    skip(output.skipped, scenario, error instanceof Error ? error.message : String(error));
  } finally {
    await owner.close();
  }
}
