import type { z } from 'zod';
import {
  INTAKE_FORM_MESSAGES,
  intakePublishRefusal,
  type IntakeForm,
  type IntakeFormEmbed,
  type intakeFormInputSchema,
  type IntakeFormSummary,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/email-layout.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { assertLeadReferences } from '../leads/leads.api.ts';
import * as repository from './intake-forms.repository.ts';

type FormInput = z.output<typeof intakeFormInputSchema>;

const iso = (value: Date | string) => new Date(value).toISOString();

export const publicPathOf = (firmSlug: string | null, formSlug: string) => (firmSlug ? `/intake/${firmSlug}/${formSlug}` : null);

function formOf(row: repository.FormRow): IntakeForm {
  return {
    ...row,
    publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    publicPath: publicPathOf(row.firmSlug, row.slug),
  };
}

const summaryOf = (row: repository.FormRow): IntakeFormSummary => {
  const { fields: _fields, introduction: _introduction, thankYouText: _thanks, ...summary } = formOf(row);
  return summary;
};

async function lockForm(tx: Tx, firmId: string, formId: string) {
  const row = await repository.findForm(tx, firmId, formId, true);
  if (!row) throw notFound('Intake form');
  return row;
}

async function assertSlugFree(tx: Tx, firmId: string, slug: string, exceptFormId?: string) {
  if (await repository.isSlugTaken(tx, firmId, slug, exceptFormId))
    throw badRequest(INTAKE_FORM_MESSAGES.slugTaken, { slug: INTAKE_FORM_MESSAGES.slugTaken });
}

/**
 * The firm's intake forms (issue 45, ADR 80). A save makes the next version; leads keep the
 * definition they were sent against, so a published form's changes reach new submissions only.
 */
export function createIntakeFormsService(database: Database, appUrl: string) {
  const view = async ({ firmId }: FirmPrincipal, formId: string) => {
    const row = await database.withFirm(firmId, (tx) => repository.findForm(tx, firmId, formId), READ_ONLY);
    if (!row) throw notFound('Intake form');
    return formOf(row);
  };

  return {
    view,

    list({ firmId }: FirmPrincipal, query: { page: number; size: number; isPublished?: 'true' | 'false' }) {
      return database.withFirm(
        firmId,
        async (tx) => {
          const { rows, totalCount } = await repository.findFormPage(tx, firmId, query);
          return { data: rows.map(summaryOf), page: query.page, size: query.size, totalCount };
        },
        READ_ONLY,
      );
    },

    async create(principal: FirmPrincipal, input: FormInput): Promise<IntakeForm> {
      const { firmId } = principal;
      const formId = await database.withFirm(firmId, async (tx) => {
        await assertLeadReferences(tx, firmId, input);
        await assertSlugFree(tx, firmId, input.slug);
        const id = await repository.insertForm(tx, { firmId, createdByUserId: principal.userId, ...input });
        await recordAuditEvent(tx, principal, 'intakeForm.created', id, { name: input.name, slug: input.slug });
        return id;
      });
      return view(principal, formId);
    },

    async update(principal: FirmPrincipal, formId: string, input: FormInput): Promise<IntakeForm> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        const row = await lockForm(tx, firmId, formId);
        await assertLeadReferences(tx, firmId, input);
        await assertSlugFree(tx, firmId, input.slug, formId);
        // A live form stays publishable: a save that would leave it without the lead's email or name is refused.
        const refusal = row.isPublished ? intakePublishRefusal(input.fields) : null;
        if (refusal) throw badRequest(refusal, { fields: refusal });
        await repository.updateForm(tx, firmId, formId, input);
        const { name, slug, assigneeUserId, practiceAreaId } = row;
        await recordAuditEvent(tx, principal, 'intakeForm.updated', formId, {
          ...changeOf(
            { name, slug, assigneeUserId, practiceAreaId },
            { name: input.name, slug: input.slug, assigneeUserId: input.assigneeUserId, practiceAreaId: input.practiceAreaId },
          ),
          version: row.version + 1,
        });
      });
      return view(principal, formId);
    },

    async setPublished(principal: FirmPrincipal, formId: string, isPublished: boolean): Promise<IntakeForm> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        const row = await lockForm(tx, firmId, formId);
        if (isPublished) {
          if (!row.firmSlug) throw conflict(INTAKE_FORM_MESSAGES.noPortalSlug);
          const refusal = intakePublishRefusal(row.fields);
          if (refusal) throw badRequest(refusal, { fields: refusal });
        }
        if (row.isPublished === isPublished) return;
        await repository.setPublished(tx, firmId, formId, isPublished);
        await recordAuditEvent(tx, principal, isPublished ? 'intakeForm.published' : 'intakeForm.unpublished', formId);
      });
      return view(principal, formId);
    },

    /**
     * Sends the form to the recycle bin: unpublished, so its public address answers not found; the
     * leads it brought keep their answers. One already in the bin answers as deleted again.
     */
    async remove(principal: FirmPrincipal, formId: string): Promise<null> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        const row = await repository.lockFormForRemoval(tx, firmId, formId);
        if (!row) throw notFound('Intake form');
        if (row.isDeleted) return;
        await repository.softDeleteForm(tx, firmId, formId, principal.userId);
        await recordAuditEvent(tx, principal, 'intakeForm.deleted', formId);
      });
      return null;
    },

    async embed(principal: FirmPrincipal, formId: string): Promise<IntakeFormEmbed> {
      const form = await view(principal, formId);
      if (!form.publicPath) throw conflict(INTAKE_FORM_MESSAGES.noPortalSlug);
      const publicUrl = `${appUrl.replace(/\/$/, '')}${form.publicPath}`;
      const url = escapeHtml(publicUrl);
      const title = escapeHtml(form.name);
      return {
        publicUrl,
        iframeSnippet: `<iframe src="${url}?embedded=1" title="${title}" style="width:100%;min-height:900px;border:0" loading="lazy"></iframe>`,
        linkSnippet: `<a href="${url}" target="_blank" rel="noopener">${title}</a>`,
        isPublished: form.isPublished,
      };
    },
  };
}
