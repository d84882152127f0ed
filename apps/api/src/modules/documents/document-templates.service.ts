import {
  DOCUMENT_MESSAGES,
  type DocumentTemplate,
  type DocumentView,
  type generateFromTemplateInputSchema,
  type TemplateDryRun,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { joinedByWrites, READ_ONLY, type Database } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findMatterTrustBalance } from '../trust/trust.api.ts';
import { dryRunOf, matterMergeValues, withGivenValues } from './document-templates-merge.ts';
import {
  ensureTemplatesFolder,
  findCustomFieldDefinitions,
  findFirmForMerge,
  findMatterFeeEarnerNames,
  findMatterForMerge,
  findTemplateCandidate,
  findTemplateDocuments,
} from './document-templates.repository.ts';
import { DOCX_CONTENT_TYPE, generatedFileName, type TemplateDocuments } from './document-templates.ts';
import type { DocumentWork } from './document-work.ts';

/** Reading and filling a template: in the document worker, never in the API process. */
export type TemplateWork = Pick<DocumentWork, 'templateFieldsOf' | 'fillTemplate'>;

type GenerateInput = z.output<typeof generateFromTemplateInputSchema>;
export type DocumentTemplateService = ReturnType<typeof createDocumentTemplateService>;

/**
 * Word templates (PRODUCT.md module 11): the .docx documents of the firm's Templates folder,
 * filled from a matter. The template's bytes and the generated document go through the documents
 * core (TemplateDocuments), which owns the file store, versions and scanning.
 */
export function createDocumentTemplateService(database: Database, documents: TemplateDocuments, work: TemplateWork) {
  /** The fields a template uses; a template that cannot be read lists none rather than hiding the others. */
  async function fieldsOfTemplate(principal: FirmPrincipal, documentId: string): Promise<string[]> {
    try {
      return await work.templateFieldsOf((await documents.readCurrentVersion(principal, documentId)).content);
    } catch (error) {
      if (error instanceof AppError) return [];
      throw error;
    }
  }

  async function list(principal: FirmPrincipal): Promise<DocumentTemplate[]> {
    const rows = await database.withFirm(principal.firmId, async (tx) => {
      const folderId = await ensureTemplatesFolder(tx, principal.firmId);
      return folderId ? findTemplateDocuments(tx, principal.firmId, folderId, DOCX_CONTENT_TYPE) : [];
    });
    const templates: DocumentTemplate[] = [];
    // One after another: PGlite has one connection, and a firm keeps few templates.
    for (const row of rows) {
      templates.push({ ...row, fields: await fieldsOfTemplate(principal, row.documentId), updatedAt: row.updatedAt.toISOString() });
    }
    return templates;
  }

  /** The template checked and the matter's values, read in one snapshot. */
  const readMergeSource = (principal: FirmPrincipal, input: GenerateInput) =>
    database.withFirm(
      principal.firmId,
      async (tx) => {
        const template = await findTemplateCandidate(tx, principal.firmId, input.templateDocumentId);
        if (!template) throw notFound('Template');
        if (template.folderKind !== 'templates' || template.contentType !== DOCX_CONTENT_TYPE) throw notTemplate();
        const matter = await findMatterForMerge(tx, principal.firmId, input.matterId);
        if (!matter) throw notFound('Matter');
        const values = matterMergeValues({
          matter,
          feeEarnerNames: await findMatterFeeEarnerNames(tx, principal.firmId, matter.matterId),
          firm: await findFirmForMerge(tx, principal.firmId),
          trustBalance: await findMatterTrustBalance(tx, principal.firmId, { clientId: matter.clientId, matterId: matter.matterId }),
          customFields: await findCustomFieldDefinitions(tx, principal.firmId),
        });
        return { values, matterLabel: matter.matterNumber ?? matter.matterName };
      },
      READ_ONLY,
    );

  async function generate(principal: FirmPrincipal, input: GenerateInput): Promise<TemplateDryRun | DocumentView> {
    const { values: matterValues, matterLabel } = await readMergeSource(principal, input);
    const template = await documents.readCurrentVersion(principal, input.templateDocumentId);
    if (template.contentType !== DOCX_CONTENT_TYPE) throw notTemplate();
    const fields = await work.templateFieldsOf(template.content);
    const values = withGivenValues(matterValues, input.values);
    const dryRun = dryRunOf(fields, values);
    if (input.isDryRun) return dryRun;

    const content = await work.fillTemplate(template.content, values);
    const mergeValues = Object.fromEntries(dryRun.fields.map((field) => [field.name, field.value]));
    const fileName = generatedFileName(input.fileName, template.name, matterLabel);
    // The core's save joins this transaction, so the document and its audit event commit together.
    return database.withFirm(principal.firmId, (tx) =>
      joinedByWrites(principal.firmId, tx, async () => {
        const document = await documents.saveGeneratedDocument(principal, {
          matterId: input.matterId,
          fileName,
          content,
          templateDocumentId: input.templateDocumentId,
          templateVersion: template.versionNumber,
          mergeValues,
        });
        // The values stay with the version; the trail keeps which fields, never privileged words.
        await recordAuditEvent(tx, principal, 'document.generatedFromTemplate', document.id, {
          matterId: input.matterId,
          templateDocumentId: input.templateDocumentId,
          templateVersion: template.versionNumber,
          fileName,
          fields,
          missingFields: dryRun.missingFields,
        });
        return document;
      }),
    );
  }

  return { list, generate };
}

const notTemplate = () => badRequest(DOCUMENT_MESSAGES.notTemplate, { templateDocumentId: DOCUMENT_MESSAGES.notTemplate });
