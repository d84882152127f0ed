import { courtUpdateInputSchema, type CourtUpdate, type CourtUpdateInput } from '@matterhorn/shared';
import { z } from 'zod';

/** The form's fields as the inputs hold them: text, '' when empty (dates ISO, time HH:MM). */
export type CourtUpdateFormValues = {
  clientId: string;
  matterId: string;
  courtId: string;
  suitNumber: string;
  judge: string;
  hearingDate: string;
  appearanceUserIds: string[];
  outcome: string;
  nextAdjournedDate: string;
  nextAdjournedTime: string;
  nextAdjournedPurpose: string;
  nextSteps: string;
  isSharedWithClient: boolean;
};

/** The request body (create-court-update / update-court-update) from the form's values. */
export function courtUpdateInputFrom(values: CourtUpdateFormValues): CourtUpdateInput {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    clientId: orNull(values.clientId),
    matterId: values.matterId,
    courtId: values.courtId,
    suitNumber: values.suitNumber.trim(),
    judge: orNull(values.judge),
    hearingDate: values.hearingDate,
    appearanceUserIds: values.appearanceUserIds,
    outcome: values.outcome.trim(),
    nextAdjournedDate: orNull(values.nextAdjournedDate),
    nextAdjournedTime: orNull(values.nextAdjournedTime),
    nextAdjournedPurpose: orNull(values.nextAdjournedPurpose),
    nextSteps: orNull(values.nextSteps),
    isSharedWithClient: values.isSharedWithClient,
  };
}

/**
 * The contract's rules and messages (cross-field ones included) over the fields as the inputs hold
 * them: the values become the request body, then the shared schema checks it. The body keeps the
 * form's field names, so every message lands under its own field.
 */
export const courtUpdateFormSchema = z
  .custom<CourtUpdateFormValues>()
  .transform((values) => courtUpdateInputFrom(values))
  .pipe(courtUpdateInputSchema);

export function newCourtUpdateValues(defaults: { matterId?: string | undefined } = {}): CourtUpdateFormValues {
  return {
    clientId: '',
    matterId: defaults.matterId ?? '',
    courtId: '',
    suitNumber: '',
    judge: '',
    hearingDate: '',
    appearanceUserIds: [],
    outcome: '',
    nextAdjournedDate: '',
    nextAdjournedTime: '',
    nextAdjournedPurpose: '',
    nextSteps: '',
    isSharedWithClient: false,
  };
}

export function courtUpdateValues(update: CourtUpdate): CourtUpdateFormValues {
  return {
    clientId: update.clientId,
    matterId: update.matterId,
    courtId: update.courtId,
    suitNumber: update.suitNumber,
    judge: update.judge ?? '',
    hearingDate: update.hearingDate.slice(0, 10),
    appearanceUserIds: update.appearances.map((appearance) => appearance.userId),
    outcome: update.outcome,
    nextAdjournedDate: update.nextAdjournedDate?.slice(0, 10) ?? '',
    nextAdjournedTime: update.nextAdjournedTime ?? '',
    nextAdjournedPurpose: update.nextAdjournedPurpose ?? '',
    nextSteps: update.nextSteps ?? '',
    isSharedWithClient: update.isSharedWithClient,
  };
}
