import { Select, SimpleGrid } from '@mantine/core';
import type { FirmSettingsForm } from '../hooks/use-firm-settings-form.ts';
import { idleTimeoutChoices, maxSessionChoices } from '../utils/setting-choices.ts';
import { SettingsSection } from './settings-section.tsx';

/** How long a member stays signed in: idle and in all. */
export function SecuritySection({ form }: { form: FirmSettingsForm }) {
  return (
    <SettingsSection title="Sign-in and security">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Idle timeout"
          description="Members are signed out after this long without using Matterhorn."
          allowDeselect={false}
          data={idleTimeoutChoices(form.values.idleTimeoutMinutes)}
          {...form.valueProps('idleTimeoutMinutes')}
        />
        <Select
          label="Maximum session age"
          description="Members sign in again this long after signing in, even when active. Applies to open sessions at once."
          allowDeselect={false}
          data={maxSessionChoices(form.values.maxSessionHours)}
          {...form.valueProps('maxSessionHours')}
        />
      </SimpleGrid>
    </SettingsSection>
  );
}
