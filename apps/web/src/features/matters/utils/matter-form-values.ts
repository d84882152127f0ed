import { type CustomField, type MatterInput, type MatterRate, type MatterView, type PARTY_ROLES, todayIso } from '@matterhorn/shared';

export type PartyRole = (typeof PARTY_ROLES)[number];
export type PartyType = 'individual' | 'company';
export type AssigneeRow = { userId: string; hourlyRate: string };
export type PartyRow = { partyRole: PartyRole; partyType: PartyType; name: string; notes: string };

/** What the matter form holds: matterInputSchema's input, with '' for an unchosen billing type. */
export type MatterFormValues = {
  clientId: string;
  matterName: string;
  matterRate: MatterRate | '';
  description: string;
  practiceAreaIds: string[];
  shelfLocation: string;
  clientMatterReference: string;
  /** ISO; undefined while the date field is empty or not a real date. */
  matterOpenDate: string | undefined;
  hourlyRate: string;
  flatRate: string;
  contingencyPercentage: string;
  assignees: AssigneeRow[];
  parties: PartyRow[];
  customFields: Record<string, string>;
};

export function emptyMatterValues(clientId = ''): MatterFormValues {
  return {
    clientId,
    matterName: '',
    matterRate: '',
    description: '',
    practiceAreaIds: [],
    shelfLocation: '',
    clientMatterReference: '',
    matterOpenDate: todayIso(),
    hourlyRate: '',
    flatRate: '',
    contingencyPercentage: '',
    assignees: [],
    parties: [],
    customFields: {},
  };
}

export function matterValuesFromView(view: MatterView): MatterFormValues {
  return {
    clientId: view.client.id,
    matterName: view.matterName,
    matterRate: view.matterRate,
    description: view.description,
    practiceAreaIds: view.matterPracticeAreas.map((area) => area.id),
    shelfLocation: view.shelfLocation ?? '',
    clientMatterReference: view.clientMatterReference ?? '',
    matterOpenDate: view.matterOpenDate.slice(0, 10),
    hourlyRate: view.hourlyRates ?? '',
    flatRate: view.flatRate ?? '',
    contingencyPercentage: view.contingencyPercentage ?? '',
    assignees: view.matterAssignedToInfos.map((assignee) => ({ userId: assignee.userId, hourlyRate: assignee.hourlyRate })),
    parties: view.parties.map(({ partyRole, partyType, name, notes }) => ({ partyRole, partyType, name, notes })),
    customFields: { ...view.customFields },
  };
}

/**
 * The body sent to create or update: the flat rate only for Flat Rate matters and the percentage
 * only for Contingency ones, so a billing type changed half-way leaves no stale rate behind; blank
 * custom fields are dropped.
 */
export function matterInputFrom(values: MatterFormValues, conflictCheckId: string | null): MatterInput {
  const customFields = Object.fromEntries(Object.entries(values.customFields).filter(([, value]) => value.trim() !== ''));
  return {
    clientId: values.clientId,
    matterName: values.matterName.trim(),
    matterRate: values.matterRate as MatterRate,
    description: values.description,
    practiceAreaIds: values.practiceAreaIds,
    shelfLocation: values.shelfLocation,
    clientMatterReference: values.clientMatterReference,
    matterOpenDate: values.matterOpenDate,
    hourlyRate: values.hourlyRate,
    flatRate: values.matterRate === 'Flat Rate' ? values.flatRate : null,
    contingencyPercentage: values.matterRate === 'Contingency' ? values.contingencyPercentage : null,
    assignees: values.assignees,
    parties: values.parties.map((party) => ({ ...party, name: party.name.trim() })),
    customFields,
    conflictCheckId,
  };
}

/**
 * Custom fields' problems, by field id, in the API's words: required ones left blank ("X is
 * required"), a number field that holds no number ('-', '1.'), and whatever the API refused of a
 * field on the last save (`serverIssueAt('customFields.<id>')`), so each message shows under its field.
 */
export function customFieldErrors(
  fields: CustomField[],
  values: Record<string, string>,
  serverIssueAt: (path: `customFields.${string}`) => string | undefined = () => undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.id] ?? '').trim();
    const serverIssue = serverIssueAt(`customFields.${field.id}`);
    if (field.isRequired && !value) errors[field.id] = `${field.label} is required`;
    else if (field.fieldType === 'number' && value && !/^-?\d+(\.\d+)?$/.test(value)) errors[field.id] = `${field.label} must be a number`;
    else if (serverIssue) errors[field.id] = serverIssue;
  }
  return errors;
}
