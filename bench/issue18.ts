import { ISSUE18_SEARCH } from './generate-documents.ts';
import { DOCUMENT_BASE, ISSUE18_TARGETS, measureBigFile, measureZip } from './issue18-files.ts';
import { settle, skip, type Issue4Context, type Issue4Results, type Request } from './issue4-shared.ts';
import { format } from './report.ts';

const GET_FOLDER = `${DOCUMENT_BASE}/get-folder`;
const SEARCH = `${DOCUMENT_BASE}/search-documents`;

type ListScenario = { name: string; path: string; query: string; targetP99Ms: number };

function listScenarios(bigFolderId: string): ListScenario[] {
  const page = 'page=1&size=20';
  const folder = { path: GET_FOLDER, targetP99Ms: ISSUE18_TARGETS.folderP99Ms };
  const search = { path: SEARCH, targetP99Ms: ISSUE18_TARGETS.searchP99Ms };
  return [
    { ...folder, name: 'folder of 10,000: first page', query: `FolderId=${bigFolderId}&${page}` },
    { ...folder, name: 'folder of 10,000: newest first', query: `FolderId=${bigFolderId}&${page}&sortColumn=updatedAt&sortType=desc` },
    { ...search, name: `search text "${ISSUE18_SEARCH.content}"`, query: `GeneralSearchText=${ISSUE18_SEARCH.content}&${page}` },
    { ...search, name: `search names "${ISSUE18_SEARCH.name}"`, query: `GeneralSearchText=${ISSUE18_SEARCH.name}&${page}` },
  ];
}

/** A folder answers its documents as a page inside the folder's contents; a search answers the page itself. */
type PageBody = { data?: { data?: unknown[]; totalCount?: number; documents?: { data?: unknown[]; totalCount?: number } } };
const pageOf = (body: PageBody) => body.data?.documents ?? body.data;

/**
 * Issue 18 ("Speed and scale"), at the issue18 scale: the folder of 10,000 documents' first page
 * (by name and newest first) and the search of 100,000 documents (a word in ~1 in 50 documents'
 * text, a word in ~1 in 25 names) as the large firm's administrator, 10 connections; then a 100 MB
 * file uploaded and downloaded, and a folder of 1,000 real files downloaded as a zip, with the API
 * process's memory (issue18-files.ts). Scenarios whose endpoints are not in /api/docs/json are skipped.
 */
export async function runIssue18(context: Issue4Context): Promise<Issue4Results> {
  const output: Issue4Results = { results: [], downloads: [], skipped: [], timings: [] };
  const facts = context.data.documents;
  if (!facts || !context.data.largeFirmId) {
    skip(output.skipped, 'issue 18', 'no large firm with documents was generated');
    return output;
  }
  console.log(
    `  documents: ${format(facts.documents, 0)} live in the large firm (${format(facts.allFirmsDocuments, 0)} in all firms, ` +
      `${format(facts.versions, 0)} versions; ${format(facts.bigFolderDocuments, 0)} in the big folder; ` +
      `${format(facts.contentSearched, 0)} with "${ISSUE18_SEARCH.content}" in their text, ${format(facts.nameSearched, 0)} with "${ISSUE18_SEARCH.name}" in their names)`,
  );
  const request: Request = { headers: { authorization: `Bearer ${context.adminToken}` } };
  for (const scenario of listScenarios(facts.bigFolderId)) {
    if (!context.routes.has(`GET ${scenario.path}`)) {
      skip(output.skipped, scenario.name, 'endpoint not built yet');
      continue;
    }
    const url = `${context.baseUrl}${scenario.path}?${scenario.query}`;
    const response = await fetch(url, request);
    const page = pageOf((await response.json().catch(() => ({}))) as PageBody);
    if (response.status !== 200 || !page?.data?.length) {
      skip(output.skipped, scenario.name, `answered ${response.status} with ${page?.data?.length ?? 0} rows`);
      continue;
    }
    console.log(`  ${scenario.name.padEnd(40)} ready: ${page.totalCount} in all`);
    await settle(context.databaseUrl, scenario.name);
    const [result, ...statement] = await context.measureList(url, scenario.name, request);
    output.results.push(
      { ...result!, targetP99Ms: scenario.targetP99Ms, pass: result!.latencyMs.p99 <= scenario.targetP99Ms },
      ...statement,
    );
  }
  await measureBigFile(context, facts, output);
  await measureZip(context, facts, output);
  return output;
}
