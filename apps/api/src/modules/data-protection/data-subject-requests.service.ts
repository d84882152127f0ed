import type { z } from 'zod';
import {
  DATA_PROTECTION_MESSAGES,
  DATA_SUBJECT_TYPE_LABELS,
  FINANCIAL_RECORD_RETENTION_YEARS,
  type DataProtectionSettings,
  type DataSubject,
  type DataSubjectExport,
  type DataSubjectRequest,
  type DataSubjectType,
  type ErasureBlocker,
  type dataSubjectRequestQuerySchema,
  type logDataSubjectRequestSchema,
  type updateDataProtectionSettingsSchema,
} from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmTimeZone, findFirmToday } from '../../platform/firm-clock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { buildDataSubjectExportPdf } from './data-subject-export-pdf.ts';
import {
  closeRequest,
  findFirmName,
  findRequest,
  findSettings,
  insertRequest,
  listRequests,
  replaceSubjectName,
  type RequestRow,
  saveSettings,
} from './data-protection.repository.ts';
import {
  anonymiseClient,
  anonymiseContact,
  anonymiseLead,
  anonymiseOpposingParty,
  findClientErasureFacts,
  findPersonalData,
  findSubject,
  searchSubjects,
  type SubjectRow,
} from './data-subjects.repository.ts';
import { clientErasureBlockers, retainedSinceOf } from './erasure.rules.ts';

/** Where the web corrects the record (a contact inside its client, an opposing party inside its matter). */
function editPathOf(subject: Pick<SubjectRow, 'subjectType' | 'subjectId' | 'ownerId'>): string | null {
  if (subject.subjectType === 'client') return `/clients/${subject.subjectId}/edit`;
  if (subject.subjectType === 'clientContact') return subject.ownerId ? `/clients/${subject.ownerId}/edit` : null;
  if (subject.subjectType === 'lead') return `/leads/${subject.subjectId}`;
  return subject.ownerId ? `/matter/${subject.ownerId}/edit` : null;
}

const subjectOf = (row: SubjectRow): DataSubject => ({
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  name: row.name,
  detail: row.detail,
  editPath: editPathOf(row),
});

const ERASED_NAMES: Record<DataSubjectType, string> = {
  client: 'Erased client',
  clientContact: 'Erased contact',
  lead: 'Erased lead',
  opposingParty: 'Erased party',
};

/** What the export leaves out, said in the export itself. */
const NOT_INCLUDED =
  'The firm’s own legal work about the matters (advice, notes, court documents and the contents of documents) is privileged and is not ' +
  'included; the documents held are listed by name. Other people’s data (opposing parties, witnesses) is not included.';

/** The file store is optional for callers that never erase (the retention job); erasure removes a lead's files from it. */
type Dependencies = { database: Database; files?: Pick<FileStore, 'remove'> };

/**
 * Data-subject requests (NDPA 2023 ss. 34-38, ADR 92): a request logged with its due date; the
 * person's data exported as JSON or PDF; a correction closed once made on the record; an erasure
 * that anonymises the person, or is refused, with what blocks it, where the firm must keep the data.
 * Every step is in the audit trail (by record id, never by name: an erased name must not survive there).
 */
export function createDataSubjectRequests({ database, files }: Dependencies) {
  const requestOf = (row: RequestRow, subject: SubjectRow | null): DataSubjectRequest => ({
    id: row.id,
    subject: subject
      ? { ...subjectOf(subject), name: row.subjectName }
      : {
          subjectType: row.subjectType,
          subjectId: row.subjectId,
          name: row.subjectName,
          detail: DATA_SUBJECT_TYPE_LABELS[row.subjectType],
          editPath: null,
        },
    kind: row.kind,
    receivedOn: row.receivedOn,
    dueOn: row.dueOn,
    daysLeft: row.daysLeft,
    status: row.status,
    notes: row.notes,
    outcome: row.outcome,
    blockers: row.blockers,
    loggedBy: row.loggedBy,
    closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null,
    closedBy: row.closedBy,
  });

  async function requestOrNotFound(tx: Tx, firmId: string, id: string, lock = false) {
    const today = await findFirmToday(tx, firmId);
    const row = await findRequest(tx, firmId, today, id, lock);
    if (!row) throw notFound('Data-subject request');
    return { row, today };
  }

  async function view(tx: Tx, firmId: string, id: string) {
    const { row } = await requestOrNotFound(tx, firmId, id);
    return requestOf(row, await findSubject(tx, firmId, row.subjectType, row.subjectId));
  }

  async function exportOf(tx: Tx, principal: FirmPrincipal, id: string, format: 'json' | 'pdf'): Promise<DataSubjectExport> {
    const { row } = await requestOrNotFound(tx, principal.firmId, id);
    const subject = await findSubject(tx, principal.firmId, row.subjectType, row.subjectId);
    if (!subject) throw notFound('Person');
    const sections = await findPersonalData(tx, principal.firmId, row.subjectType, row.subjectId);
    await recordAuditEvent(tx, principal, 'dataSubjectRequest.exported', row.id, {
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      format,
    });
    return {
      firmName: await findFirmName(tx, principal.firmId),
      generatedAt: new Date().toISOString(),
      subject: subjectOf(subject),
      sections,
      notIncluded: NOT_INCLUDED,
    };
  }

  /** Anonymises the person; answers the stored files to remove once the erasure has committed. */
  async function eraseSubject(tx: Tx, firmId: string, subjectType: DataSubjectType, subjectId: string): Promise<string[]> {
    let storedFiles: string[] = [];
    if (subjectType === 'client') storedFiles = await anonymiseClient(tx, firmId, subjectId);
    else if (subjectType === 'clientContact') await anonymiseContact(tx, firmId, subjectId);
    else if (subjectType === 'lead') storedFiles = await anonymiseLead(tx, firmId, subjectId);
    else await anonymiseOpposingParty(tx, firmId, subjectId);
    await replaceSubjectName(tx, firmId, subjectType, subjectId, ERASED_NAMES[subjectType]);
    return storedFiles;
  }

  /** What must be kept, today: only a client holds invoices, trust money and financial records. */
  async function blockersOf(tx: Tx, firmId: string, today: string, subjectType: DataSubjectType, subjectId: string) {
    if (subjectType !== 'client') return [];
    const retainedSince = retainedSinceOf(today);
    return clientErasureBlockers(await findClientErasureFacts(tx, firmId, subjectId, retainedSince), retainedSince);
  }

  return {
    async settings(principal: FirmPrincipal): Promise<DataProtectionSettings> {
      const { row, timeZone } = await database.withFirm(principal.firmId, async (tx) => ({
        row: await findSettings(tx, principal.firmId),
        timeZone: await findFirmTimeZone(tx, principal.firmId),
      }));
      return { ...row, financialRecordYears: FINANCIAL_RECORD_RETENTION_YEARS, timeZone };
    },

    async updateSettings(principal: FirmPrincipal, input: z.output<typeof updateDataProtectionSettingsSchema>) {
      const timeZone = await database.withFirm(principal.firmId, async (tx) => {
        const before = await findSettings(tx, principal.firmId);
        await saveSettings(tx, principal.firmId, principal.userId, input);
        await recordAuditEvent(tx, principal, 'dataProtectionSettings.updated', principal.firmId, { before, after: input });
        return findFirmTimeZone(tx, principal.firmId);
      });
      return { ...input, financialRecordYears: FINANCIAL_RECORD_RETENTION_YEARS, timeZone };
    },

    async findSubjects(principal: FirmPrincipal, search: string): Promise<DataSubject[]> {
      const rows = await database.withFirm(principal.firmId, (tx) => searchSubjects(tx, principal.firmId, search));
      return rows.map(subjectOf);
    },

    async list(principal: FirmPrincipal, query: z.output<typeof dataSubjectRequestQuerySchema>) {
      const rows = await database.withFirm(principal.firmId, async (tx) =>
        listRequests(tx, principal.firmId, await findFirmToday(tx, principal.firmId), query.Status, {
          limit: query.size,
          offset: (query.page - 1) * query.size,
        }),
      );
      return {
        data: rows.map((row) => requestOf(row, null)),
        page: query.page,
        size: query.size,
        totalCount: rows[0]?.totalCount ?? 0,
      };
    },

    get: (principal: FirmPrincipal, id: string) => database.withFirm(principal.firmId, (tx) => view(tx, principal.firmId, id)),

    async log(principal: FirmPrincipal, request: z.output<typeof logDataSubjectRequestSchema>): Promise<DataSubjectRequest> {
      return database.withFirm(principal.firmId, async (tx) => {
        const subject = await findSubject(tx, principal.firmId, request.subjectType, request.subjectId);
        if (!subject) throw notFound('Person');
        const today = await findFirmToday(tx, principal.firmId);
        if (request.receivedOn > today) throw badRequest(DATA_PROTECTION_MESSAGES.receivedInFuture);
        const settings = await findSettings(tx, principal.firmId);
        const id = await insertRequest(tx, principal.firmId, principal.userId, {
          subjectType: request.subjectType,
          subjectId: request.subjectId,
          subjectName: subject.name,
          kind: request.kind,
          receivedOn: request.receivedOn,
          dueDays: settings.requestDueDays,
          notes: request.notes ?? '',
        });
        await recordAuditEvent(tx, principal, 'dataSubjectRequest.logged', id, {
          subjectType: request.subjectType,
          subjectId: request.subjectId,
          kind: request.kind,
          receivedOn: request.receivedOn,
        });
        return view(tx, principal.firmId, id);
      });
    },

    exportData: (principal: FirmPrincipal, id: string) => database.withFirm(principal.firmId, (tx) => exportOf(tx, principal, id, 'json')),

    async exportPdf(principal: FirmPrincipal, id: string) {
      const { data, timeZone } = await database.withFirm(principal.firmId, async (tx) => ({
        data: await exportOf(tx, principal, id, 'pdf'),
        timeZone: await findFirmTimeZone(tx, principal.firmId),
      }));
      return { pdf: await buildDataSubjectExportPdf(data, timeZone), fileName: `personal-data-${data.generatedAt.slice(0, 10)}.pdf` };
    },

    /**
     * Erases the person's data by anonymising their record, or refuses where a duty to keep applies
     * (open invoices, trust money, financial records inside 7 years): either way the request closes
     * with the outcome, and the refusal lists what blocks it.
     */
    async erase(principal: FirmPrincipal, id: string): Promise<{ request: DataSubjectRequest; isErased: boolean }> {
      const { storedFiles, ...answer } = await database.withFirm(principal.firmId, async (tx) => {
        const { row, today } = await requestOrNotFound(tx, principal.firmId, id, true);
        if (row.kind !== 'erasure') throw conflict(DATA_PROTECTION_MESSAGES.notErasure);
        if (row.status !== 'open') throw conflict(DATA_PROTECTION_MESSAGES.closed);
        const subject = await findSubject(tx, principal.firmId, row.subjectType, row.subjectId);
        if (!subject) throw notFound('Person');
        const blockers: ErasureBlocker[] = await blockersOf(tx, principal.firmId, today, row.subjectType, row.subjectId);
        const audited = { subjectType: row.subjectType, subjectId: row.subjectId };
        if (blockers.length > 0) {
          const outcome = `Refused: the firm must keep this data. ${blockers.map((blocker) => blocker.message).join('. ')}.`;
          await closeRequest(tx, principal.firmId, principal.userId, id, { status: 'refused', outcome, blockers });
          await recordAuditEvent(tx, principal, 'dataSubjectRequest.erasureRefused', id, {
            ...audited,
            blockers: blockers.map((blocker) => blocker.code),
          });
          return { request: await view(tx, principal.firmId, id), isErased: false, storedFiles: [] as string[] };
        }
        const storedFiles = await eraseSubject(tx, principal.firmId, row.subjectType, row.subjectId);
        await closeRequest(tx, principal.firmId, principal.userId, id, {
          status: 'completed',
          outcome: 'Erased: the record is anonymised (names, contact details, address and notes replaced or removed).',
          blockers: [],
        });
        await recordAuditEvent(tx, principal, 'dataSubjectRequest.erased', id, audited);
        return { request: await view(tx, principal.firmId, id), isErased: true, storedFiles };
      });
      // Only once the rows are gone for good: a rolled-back erasure keeps its files.
      for (const key of storedFiles) await files?.remove(key).catch(() => undefined);
      return answer;
    },

    /** Closes an access or correction request once answered (the export sent, the record corrected). */
    async complete(principal: FirmPrincipal, id: string, outcome: string | null): Promise<DataSubjectRequest> {
      return database.withFirm(principal.firmId, async (tx) => {
        const { row } = await requestOrNotFound(tx, principal.firmId, id, true);
        if (row.status !== 'open') throw conflict(DATA_PROTECTION_MESSAGES.closed);
        if (row.kind === 'erasure') throw conflict('An erasure request is closed by erasing (or its refusal)');
        const text = outcome ?? (row.kind === 'access' ? 'Their data was exported and sent to them.' : 'The record was corrected.');
        await closeRequest(tx, principal.firmId, principal.userId, id, { status: 'completed', outcome: text, blockers: [] });
        await recordAuditEvent(tx, principal, 'dataSubjectRequest.completed', id, {
          subjectType: row.subjectType,
          subjectId: row.subjectId,
          kind: row.kind,
        });
        return view(tx, principal.firmId, id);
      });
    },
  };
}

export type DataSubjectRequests = ReturnType<typeof createDataSubjectRequests>;
