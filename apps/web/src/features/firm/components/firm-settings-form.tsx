import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import type { Currency, FirmSettings } from '@matterhorn/shared';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard.tsx';
import type { FirmSettingsUpdate } from '../api/firm-settings.ts';
import { useFirmSettingsForm } from '../hooks/use-firm-settings-form.ts';
import classes from './firm-settings-form.module.css';
import { FirmSection } from './firm-section.tsx';
import { InvoicingSection } from './invoicing-section.tsx';
import { RecycleBinSection } from './recycle-bin-section.tsx';
import { RegionSection } from './region-section.tsx';
import { SecuritySection } from './security-section.tsx';
import { TrustSection } from './trust-section.tsx';

type FirmSettingsFormProps = {
  settings: FirmSettings;
  currencies: Currency[];
  currencySymbol: string;
  onSave: (body: FirmSettingsUpdate) => Promise<FirmSettings>;
};

const changesText = (count: number) => (count === 0 ? 'No unsaved changes' : `${count} unsaved ${count === 1 ? 'change' : 'changes'}`);

/** Settings › General: every group of settings, saved together by one button that stays in reach. */
export function FirmSettingsForm({ settings, currencies, currencySymbol, onSave }: FirmSettingsFormProps) {
  const form = useFirmSettingsForm(settings, onSave);
  // Leaving the page with unsaved changes asks first; a save keeps the page.
  const unsaved = useUnsavedChangesGuard(form.changedCount > 0);
  return (
    <form
      ref={form.formRef}
      className={classes.form}
      onSubmit={(event) => void form.onSubmit(event)}
      noValidate
      aria-label="General settings"
    >
      <Stack gap="lg" maw={760}>
        <FirmSection form={form} />
        <RegionSection form={form} currencies={currencies} />
        <InvoicingSection form={form} />
        <TrustSection form={form} currencySymbol={currencySymbol} />
        <SecuritySection form={form} />
        <RecycleBinSection form={form} />
        {form.formError && (
          <Alert color="red" role="alert" title="The settings were not saved" tabIndex={-1} data-form-error>
            {form.formError}
          </Alert>
        )}
        {/* Kept at the bottom of the window while the form is longer than it, so Save is always in reach. */}
        <Paper withBorder p="sm" radius="md" shadow="xs" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {changesText(form.changedCount)}
            </Text>
            <SubmitButton isSubmitting={form.isSaving}>Save</SubmitButton>
          </Group>
        </Paper>
      </Stack>
      {unsaved.prompt}
    </form>
  );
}
