import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { OptInRecipient, OptInState } from '@matterhorn/shared';
import { useId, useState, type FormEvent } from 'react';
import { displayDateTime } from '../lib/date-time.ts';

export const OPT_IN_TEXT = {
  number: 'Mobile number',
  numberHint: 'Written with + and the country code, or as dialled in the firm’s country.',
  sms: 'Updates by SMS',
  whatsapp: 'Updates by WhatsApp',
  save: 'Save',
  never: 'Never asked',
} as const;

export type OptInChoice = { phoneNumber: string; sms: boolean; whatsapp: boolean };

const recordedOf = (state: OptInState | null) =>
  state
    ? `${state.isOptedIn ? 'In' : 'Out'}: recorded by ${state.recordedBy === 'client' ? `${state.recordedByName} (the client, on the portal)` : state.recordedByName}, ${displayDateTime(state.recordedAt)}`
    : OPT_IN_TEXT.never;

/**
 * One person's SMS and WhatsApp choice: the number and a box per channel, each with who recorded
 * it and when. The number is checked by the server (the firm's country reads it); its refusal, with
 * the reason, shows under the field. Used by staff on the client's page and by the client on the portal.
 */
export function OptInFields({
  recipient,
  label,
  canEdit,
  onSave,
}: {
  recipient: OptInRecipient;
  label: string;
  canEdit: boolean;
  onSave: (choice: OptInChoice) => Promise<unknown>;
}) {
  const id = useId();
  const [phoneNumber, setPhoneNumber] = useState(recipient.sms?.phoneNumber ?? recipient.whatsapp?.phoneNumber ?? recipient.phone ?? '');
  const [sms, setSms] = useState(recipient.sms?.isOptedIn ?? false);
  const [whatsapp, setWhatsapp] = useState(recipient.whatsapp?.isOptedIn ?? false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    onSave({ phoneNumber, sms, whatsapp })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : 'Not saved'))
      .finally(() => setSaving(false));
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-name`} noValidate>
      <Stack gap="xs">
        <Text fw={600} id={`${id}-name`}>
          {label}
        </Text>
        <TextInput
          label={OPT_IN_TEXT.number}
          description={OPT_IN_TEXT.numberHint}
          value={phoneNumber}
          onChange={(event) => setPhoneNumber(event.currentTarget.value)}
          error={error}
          disabled={!canEdit}
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
        />
        <Checkbox
          label={OPT_IN_TEXT.sms}
          description={recordedOf(recipient.sms)}
          checked={sms}
          disabled={!canEdit}
          onChange={(event) => setSms(event.currentTarget.checked)}
        />
        <Checkbox
          label={OPT_IN_TEXT.whatsapp}
          description={recordedOf(recipient.whatsapp)}
          checked={whatsapp}
          disabled={!canEdit}
          onChange={(event) => setWhatsapp(event.currentTarget.checked)}
        />
        {canEdit && (
          <Group>
            <Button type="submit" size="xs" loading={saving} aria-label={`${OPT_IN_TEXT.save} ${label}’s message preferences`}>
              {OPT_IN_TEXT.save}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
