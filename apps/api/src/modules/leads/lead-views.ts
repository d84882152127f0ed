import {
  isFieldShown,
  LEAD_STATUS_LABELS,
  namesNotSearched,
  namesToCheck,
  nextLeadStatuses,
  type ConflictCheckRecord,
  type IntakeAnswers,
  type IntakeFieldView,
  type Lead,
  type LeadConflict,
  type LeadStatus,
  type LeadSummary,
} from '@matterhorn/shared';
import type { LeadDetails, LeadEventRow, LeadRow, LeadSummaryRow } from './leads.repository.ts';

/** What a lead keeps of the form it was sent through: the definition as it was, and the answers. */
export type LeadSubmission = {
  intakeFormId: string;
  formName: string;
  formVersion: number;
  fields: IntakeFieldView[];
  answers: IntakeAnswers;
  submittedAt: string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The company's name, or the person's names; their email when they gave none. */
export function displayNameOf(lead: Pick<LeadDetails, 'leadType' | 'firstName' | 'lastName' | 'companyName' | 'email'>): string {
  const personal = [lead.firstName, lead.lastName].filter(Boolean).join(' ').trim();
  const name = lead.leadType === 'company' ? lead.companyName?.trim() || personal : personal;
  return name || lead.email || 'Unnamed enquiry';
}

/** The names a lead's conflict check searches: its name, a company's contact person, and the opposing parties. */
export function leadConflictNames(lead: Pick<LeadDetails, 'leadType' | 'firstName' | 'lastName' | 'companyName' | 'opposingParties'>) {
  const personal = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
  const own = lead.leadType === 'company' ? [lead.companyName ?? '', personal] : [personal];
  return namesToCheck([...own, ...lead.opposingParties.map((party) => party.name)]);
}

export const statusText = (status: LeadStatus) => LEAD_STATUS_LABELS[status];

export const summaryOf = (row: LeadSummaryRow): LeadSummary => ({
  ...row,
  createdAt: iso(row.createdAt),
  statusChangedAt: iso(row.statusChangedAt),
});

function answersOf(submission: LeadSubmission) {
  return submission.fields
    .filter((field) => isFieldShown(submission.fields, field, submission.answers))
    .map((field) => {
      const answer = submission.answers[field.key];
      const text = typeof answer === 'string' ? answer : null;
      return {
        fieldKey: field.key,
        label: field.label,
        type: field.type,
        value: field.type === 'yesNo' && text ? (text === 'yes' ? 'Yes' : 'No') : text,
        fileIds: Array.isArray(answer) ? answer : [],
      };
    });
}

function conflictOf(row: LeadRow, check: ConflictCheckRecord | null): LeadConflict | null {
  if (!row.conflictCheckId || !check) return null;
  const searched = (row.conflictNames as string[] | null) ?? check.searchedNames;
  return {
    conflictCheckId: check.id,
    searchedNames: check.searchedNames,
    matchCount: check.matchCount,
    matches: check.matches,
    decision: check.decision,
    decisionNotes: check.decisionNotes,
    ranAt: check.createdAt,
    decidedAt: check.decidedAt,
    isStale: namesNotSearched(searched, leadConflictNames(leadDetailsOf(row))).length > 0,
  };
}

export const leadDetailsOf = (row: LeadRow): LeadDetails => ({
  ...row,
  leadType: row.leadType as LeadDetails['leadType'],
  opposingParties: (row.opposingParties as LeadDetails['opposingParties']) ?? [],
});

type UploadRow = { id: string; fieldKey: string; fileName: string; contentType: string; sizeBytes: number; scanStatus: string };

export function leadViewOf(row: LeadRow, parts: { events: LeadEventRow[]; uploads: UploadRow[]; check: ConflictCheckRecord | null }): Lead {
  const submission = row.submission as LeadSubmission | null;
  const status = row.status as LeadStatus;
  const labelOf = (key: string) => submission?.fields.find((field) => field.key === key)?.label ?? key;
  return {
    id: row.id,
    displayName: row.displayName,
    leadType: row.leadType as Lead['leadType'],
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    postalCode: row.postalCode,
    matterDescription: row.matterDescription,
    opposingParties: leadDetailsOf(row).opposingParties,
    status,
    source: row.source as Lead['source'],
    referrerName: row.referrerName,
    intakeFormId: row.intakeFormId,
    intakeFormName: submission?.formName ?? null,
    practiceAreaId: row.practiceAreaId,
    practiceAreaName: row.practiceAreaName,
    assigneeUserId: row.assigneeUserId,
    assigneeName: row.assigneeName,
    conflictDecision: row.conflictDecision as Lead['conflictDecision'],
    notEngagedReason: row.notEngagedReason,
    nextStatuses: [...nextLeadStatuses(status)],
    conflictCheck: conflictOf(row, parts.check),
    submission: submission
      ? {
          intakeFormId: submission.intakeFormId,
          formName: submission.formName,
          formVersion: submission.formVersion,
          submittedAt: submission.submittedAt,
          answers: answersOf(submission),
        }
      : null,
    files: parts.uploads.map((upload) => ({
      id: upload.id,
      fileName: upload.fileName,
      contentType: upload.contentType,
      sizeBytes: upload.sizeBytes,
      fieldLabel: labelOf(upload.fieldKey),
      scanStatus: upload.scanStatus as Lead['files'][number]['scanStatus'],
    })),
    timeline: parts.events.map((event) => ({ ...event, occurredAt: iso(event.occurredAt) })),
    createdAt: iso(row.createdAt),
    statusChangedAt: iso(row.statusChangedAt),
    updatedAt: iso(row.updatedAt),
  };
}
