import { TextInput } from '@mantine/core';
import type { FirmSettingsForm } from '../hooks/use-firm-settings-form.ts';
import { SettingsSection } from './settings-section.tsx';

/** How long deleted records can be restored. */
export function RecycleBinSection({ form }: { form: FirmSettingsForm }) {
  return (
    <SettingsSection title="Recycle bin">
      <TextInput
        label="Keep deleted records for (days)"
        description="From 1 to 365 days. After that, deleted records are removed for good."
        inputMode="numeric"
        maw={{ sm: 320 }}
        {...form.inputProps('recycleBinRetentionDays')}
      />
    </SettingsSection>
  );
}
