import { SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { SigningOrder } from '@matterhorn/shared';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';

export type RequestDetails = { title: string; message: string; signingOrder: SigningOrder; expiresOn: string };

export type RequestDetailsFieldsProps = {
  details: RequestDetails;
  /** The fields changed, merged by the parent into its latest details. */
  onChange: (change: Partial<RequestDetails>) => void;
  /** The first and last day the expiry may be (ISO). */
  minExpiry: string;
  maxExpiry: string;
};

/** What the signers are asked to sign, in which order, until when, with an optional note. */
export function RequestDetailsFields({ details, onChange, minExpiry, maxExpiry }: RequestDetailsFieldsProps) {
  const set = onChange;
  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        required
        maxLength={160}
        value={details.title}
        onChange={(event) => set({ title: event.currentTarget.value })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="signing-order-label">
          Signing order
        </Text>
        <SegmentedControl
          aria-labelledby="signing-order-label"
          value={details.signingOrder}
          onChange={(value) => set({ signingOrder: value === 'allAtOnce' ? 'allAtOnce' : 'inOrder' })}
          data={[
            { value: 'inOrder', label: 'In order' },
            { value: 'allAtOnce', label: 'All at once' },
          ]}
          w="fit-content"
        />
      </Stack>
      <DatePickerField
        label="Expires on"
        withAsterisk
        value={isoDateToMonthDayYear(details.expiresOn)}
        onChange={(monthDayYear) => set({ expiresOn: monthDayYearToIsoDate(monthDayYear) ?? '' })}
        minDate={minExpiry}
        maxDate={maxExpiry}
        description="The last day the document can be signed."
      />
      <Textarea
        label="Message to the signers"
        autosize
        minRows={2}
        maxLength={2000}
        value={details.message}
        onChange={(event) => set({ message: event.currentTarget.value })}
      />
    </Stack>
  );
}
