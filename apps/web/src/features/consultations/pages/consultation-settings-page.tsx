import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CONSULTATION_LENGTHS,
  isConsultationFeeCharged,
  type ConsultationSettings,
  type ConsultationSettingsInput,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import { consultationKeys, consultationSettingsQuery, saveConsultationSettings } from '../api/consultations-api.ts';
import { WorkingHoursFields } from '../components/working-hours-fields.tsx';

type Values = Omit<ConsultationSettingsInput, 'feeAmount' | 'feeCurrency' | 'officeAddress' | 'videoLink'> & {
  feeAmount: string;
  feeCurrency: string;
  officeAddress: string;
  videoLink: string;
  noticeDays: number;
  horizonDays: number;
};

const valuesOf = (settings: ConsultationSettings): Values => ({
  lengthMinutes: settings.lengthMinutes,
  workingHours: settings.workingHours,
  noticeDays: settings.noticeDays,
  horizonDays: settings.horizonDays,
  feeAmount: settings.feeAmount ?? '',
  feeCurrency: settings.feeCurrency ?? '',
  isFeeRequired: settings.isFeeRequired,
  officeAddress: settings.officeAddress ?? '',
  videoLink: settings.videoLink ?? '',
});
const wholeNumber = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text) : Number.NaN);

function SettingsForm({ initial }: { initial: ConsultationSettings }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => valuesOf(initial));
  const [values, setValues] = useState(saved);
  const [isBusy, setIsBusy] = useState(false);
  const unsaved = useUnsavedChangesGuard(JSON.stringify(values) !== JSON.stringify(saved));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((previous) => ({ ...previous, [key]: value }));
  const hasFee = isConsultationFeeCharged(values.feeAmount);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isBusy) return;
        setIsBusy(true);
        saveConsultationSettings({
          ...values,
          feeCurrency: hasFee ? values.feeCurrency : null,
          feeAmount: hasFee ? values.feeAmount : null,
        })
          .then((answer) => {
            queryClient.setQueryData(consultationKeys.settings(), answer);
            setSaved(valuesOf(answer));
            setValues(valuesOf(answer));
          })
          .catch(() => undefined)
          .finally(() => setIsBusy(false));
      }}
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Text size="sm">
            Consultations are taken by the lead’s assignee, in these hours, around the events and hearings on their calendar.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Length"
              data={CONSULTATION_LENGTHS.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))}
              value={String(values.lengthMinutes)}
              allowDeselect={false}
              onChange={(value) => value && set('lengthMinutes', Number(value))}
            />
            <TextInput
              label="Notice (working days)"
              description="1: from the next working day"
              inputMode="numeric"
              value={String(values.noticeDays)}
              onChange={(event) => set('noticeDays', wholeNumber(event.currentTarget.value))}
            />
            <TextInput
              label="Offered ahead (days)"
              inputMode="numeric"
              value={String(values.horizonDays)}
              onChange={(event) => set('horizonDays', wholeNumber(event.currentTarget.value))}
            />
          </SimpleGrid>
          <WorkingHoursFields value={values.workingHours} timeZone={initial.timeZone} onChange={(days) => set('workingHours', days)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Video link"
              description="Leave blank to meet at the office"
              placeholder="https://"
              value={values.videoLink}
              onChange={(event) => set('videoLink', event.currentTarget.value.trim())}
            />
            <TextInput
              label="Office address"
              value={values.officeAddress}
              maxLength={300}
              onChange={(event) => set('officeAddress', event.currentTarget.value)}
            />
            <MoneyInput
              label="Consultation fee"
              description="Leave blank for free consultations"
              value={values.feeAmount}
              onChange={(value) => set('feeAmount', value)}
            />
            <TextInput
              label="Fee currency"
              placeholder="NGN"
              maxLength={3}
              disabled={!hasFee}
              value={values.feeCurrency}
              onChange={(event) => set('feeCurrency', event.currentTarget.value.toUpperCase())}
            />
          </SimpleGrid>
          <Checkbox
            label="The fee must be paid online to confirm the booking"
            disabled={!hasFee}
            checked={hasFee && values.isFeeRequired}
            onChange={(event) => set('isFeeRequired', event.currentTarget.checked)}
          />
          {hasFee && !(values.feeCurrency === 'NGN' ? initial.isNairaPayableOnline : initial.isOtherCurrencyPayableOnline) ? (
            <Text size="sm" c="dimmed">
              No online payment gateway takes this currency yet: leads cannot pay it online.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={isBusy}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
      {unsaved.prompt}
    </form>
  );
}

/** /settings/consultations: how consultations with leads are offered (length, hours, notice, how far ahead, place, fee). */
export function ConsultationSettingsPage() {
  const settings = useQuery(consultationSettingsQuery);
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageTitle parts={['Consultation Settings', 'Settings']} />
      <Title order={1} size="h2">
        Consultation Settings
      </Title>
      {settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : settings.isError ? (
        <Text>The consultation settings could not be loaded.</Text>
      ) : (
        <LoadingSpinner />
      )}
    </Stack>
  );
}
