import { flatFeeInputSchema, todayIso, type FlatFee, type FlatFeeInput } from '@matterhorn/shared';
import { z } from 'zod';

/** The form's fields as the inputs hold them: text, '' when empty (dates ISO). */
export type FlatFeeFormValues = {
  clientId: string;
  matterId: string;
  userId: string;
  /** '' for none (the activity type is optional). */
  activityId: string;
  flatFeeDate: string;
  description: string;
  amount: string;
  note: string;
};

export const AMOUNT_REQUIRED = 'Amount is required';

/** The contract's rules and messages over the fields as the inputs hold them. */
export const flatFeeFormSchema = flatFeeInputSchema.extend({
  activityId: z.string(),
  // An empty amount says it is missing rather than that it is not an amount.
  amount: z.string().superRefine((value, context) => {
    if (value.trim() === '') {
      context.addIssue({ code: 'custom', message: AMOUNT_REQUIRED });
      return;
    }
    const checked = flatFeeInputSchema.shape.amount.safeParse(value);
    for (const issue of checked.error?.issues ?? []) context.addIssue({ code: 'custom', message: issue.message });
  }),
});

export function newFlatFeeValues(defaults: { userId: string; clientId?: string; matterId?: string }): FlatFeeFormValues {
  return {
    clientId: defaults.clientId ?? '',
    matterId: defaults.clientId ? (defaults.matterId ?? '') : '',
    userId: defaults.userId,
    activityId: '',
    flatFeeDate: todayIso(),
    description: '',
    amount: '',
    note: '',
  };
}

export function flatFeeValues(fee: FlatFee): FlatFeeFormValues {
  return {
    clientId: fee.clientId,
    matterId: fee.matterId,
    userId: fee.userId,
    activityId: fee.activityId ?? '',
    flatFeeDate: fee.flatFeeDate.slice(0, 10),
    description: fee.description,
    amount: fee.amount,
    note: fee.note ?? '',
  };
}

/** The request body (create-flat-fee / update-flat-fee) from the form's values. */
export function flatFeeInputFrom(values: FlatFeeFormValues): FlatFeeInput {
  return {
    clientId: values.clientId,
    matterId: values.matterId,
    userId: values.userId,
    activityId: values.activityId === '' ? null : values.activityId,
    flatFeeDate: values.flatFeeDate,
    description: values.description.trim(),
    amount: values.amount.trim(),
    note: values.note.trim() === '' ? null : values.note.trim(),
  };
}
