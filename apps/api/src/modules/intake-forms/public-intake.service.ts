import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  checkIntakeAnswers,
  INTAKE_ANSWER_MESSAGES,
  INTAKE_FORM_MESSAGES,
  INTAKE_LIMIT_MESSAGES,
  INTAKE_LIMITS,
  type PublicIntakeForm,
  type publicIntakeSubmitSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { findFirmBySlug } from '../auth/auth.api.ts';
import {
  countRecentIntakeLeads,
  createLeadFromSubmission,
  findAttachableUploadIds,
  findLeadIdBySubmissionKey,
  type LeadFiles,
} from '../leads/leads.api.ts';
import { queueSubmissionEmails } from './intake-emails.ts';
import * as repository from './intake-forms.repository.ts';
import { leadDetailsOfAnswers } from './submission-details.ts';

type Submit = z.output<typeof publicIntakeSubmitSchema>;

const SLUG = /^[a-z0-9-]{1,100}$/;

/**
 * The public intake form (issue 45): read by address, sent without signing in. An unknown firm,
 * an unknown or unpublished form all answer the same 404, and nothing answered names a lead, a
 * member or an id beyond the fields' keys and the visitor's own uploads.
 */
export function createPublicIntakeService(deps: { database: Database; outbox: Outbox; appUrl: string; leadFiles: LeadFiles }) {
  const { database } = deps;

  async function findPublished(company: string, formSlug: string) {
    if (!SLUG.test(company) || !SLUG.test(formSlug)) throw notFound('Intake form');
    const firm = await database.withIdentityLookup((tx) => findFirmBySlug(tx, company));
    if (!firm) throw notFound('Intake form');
    const form = await database.withFirm(firm.id, (tx) => repository.findPublishedForm(tx, firm.id, formSlug), READ_ONLY);
    if (!form) throw notFound('Intake form');
    return { firm, form };
  }

  /** Every file answer must name this form's own uploads for that field, not yet sent with another enquiry. */
  async function assertUploads(tx: Tx, firmId: string, form: repository.FormRow, answers: Record<string, string | string[]>) {
    for (const field of form.fields.filter((candidate) => candidate.type === 'file')) {
      const ids = answers[field.key];
      if (!Array.isArray(ids)) continue;
      const found = await findAttachableUploadIds(tx, firmId, { intakeFormId: form.id, fieldKey: field.key, uploadIds: ids });
      if (found.length !== ids.length) {
        const message = INTAKE_ANSWER_MESSAGES.fileIds(field.label);
        throw badRequest(message, { [field.key]: message });
      }
    }
  }

  /**
   * The per-address limit (10 a minute) does not stop a spread-out sender from mailing one stranger
   * again and again, or flooding a form: each recipient and each form has its own limit, counted in
   * the database (so every replica agrees), under the form's lock the caller holds.
   */
  async function assertWithinLimits(tx: Tx, firmId: string, formId: string, email: string | null) {
    if ((await countRecentIntakeLeads(tx, firmId, { intakeFormId: formId }, 1)) >= INTAKE_LIMITS.submissionsPerFormPerHour)
      throw tooManyRequests(INTAKE_LIMIT_MESSAGES.tooManyForForm);
    if (email && (await countRecentIntakeLeads(tx, firmId, { email }, 24)) >= INTAKE_LIMITS.confirmationsPerAddressPerDay)
      throw tooManyRequests(INTAKE_LIMIT_MESSAGES.tooManyForAddress);
  }

  return {
    async view(company: string, formSlug: string): Promise<PublicIntakeForm> {
      const { firm, form } = await findPublished(company, formSlug);
      return {
        firmName: firm.name,
        name: form.name,
        introduction: form.introduction,
        fields: form.fields.map(({ leadField: _leadField, ...field }) => field),
        maxFileBytes: INTAKE_LIMITS.maxFileBytes,
        maxFilesPerField: INTAKE_LIMITS.maxFilesPerField,
      };
    },

    async upload(company: string, formSlug: string, fieldKey: string, upload: { content: Readable; fileName: string }) {
      const { firm, form } = await findPublished(company, formSlug);
      if (!form.fields.some((field) => field.key === fieldKey && field.type === 'file'))
        throw badRequest('Choose the form’s file field for this file', { fieldKey: 'Choose the form’s file field for this file' });
      return deps.leadFiles.store(firm.id, { intakeFormId: form.id, fieldKey }, upload);
    },

    /**
     * Checks the answers against the form as stored (required and show-if rules), then makes the
     * lead and queues the visitor's confirmation and the assignee's notice, in one transaction. A
     * filled honeypot answers the same thank-you and keeps nothing; a repeated submission key finds
     * the first lead and sends nothing again.
     */
    async submit(company: string, formSlug: string, body: Submit): Promise<{ thankYouText: string }> {
      const { firm, form } = await findPublished(company, formSlug);
      const answer = { thankYouText: form.thankYouText };
      if (body.website?.trim()) return answer;
      const { answers, errors } = checkIntakeAnswers(form.fields, body.answers);
      if (Object.keys(errors).length > 0) throw badRequest(INTAKE_FORM_MESSAGES.checkAnswers, errors);
      await database.withFirm(firm.id, async (tx) => {
        // One submission of the form at a time, taken before anything is read: a twin sent at the
        // same instant then finds the first one's lead, not its files already taken.
        await repository.lockFormSubmissions(tx, firm.id, form.id);
        // Sent before (a double click, a retry after a lost answer): its files are that lead's now.
        if (await findLeadIdBySubmissionKey(tx, firm.id, body.submissionKey)) return;
        await assertUploads(tx, firm.id, form, answers);
        const details = leadDetailsOfAnswers(form.fields, answers, form.practiceAreaId);
        await assertWithinLimits(tx, firm.id, form.id, details.email);
        const submission = {
          intakeFormId: form.id,
          formName: form.name,
          formVersion: form.version,
          fields: form.fields,
          answers,
          submittedAt: new Date().toISOString(),
        };
        const { leadId, isNew } = await createLeadFromSubmission(tx, {
          firmId: firm.id,
          intakeFormId: form.id,
          submissionKey: body.submissionKey,
          details,
          submission,
          assigneeUserId: form.assigneeUserId,
        });
        if (isNew) await queueSubmissionEmails(tx, deps, { firm, form, leadId, details });
      });
      return answer;
    },
  };
}
