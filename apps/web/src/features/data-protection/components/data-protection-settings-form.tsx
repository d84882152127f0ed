import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { DataProtectionSettings } from '@matterhorn/shared';
import { useState } from 'react';
import { saveDataProtectionSettings } from '../api/data-subject-requests.ts';

/** Days to answer a request and years to keep closed matters' files; financial records' 7 years are fixed. */
export function DataProtectionSettingsForm({ settings, onSaved }: { settings: DataProtectionSettings; onSaved: () => Promise<void> }) {
  const [dueDays, setDueDays] = useState<number | string>(settings.requestDueDays);
  const [fileYears, setFileYears] = useState<number | string>(settings.closedMatterFileYears);
  const [isSaving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await saveDataProtectionSettings({ requestDueDays: Number(dueDays), closedMatterFileYears: Number(fileYears) });
      await onSaved();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm" maw={420}>
      <NumberInput
        label="Days to answer a data-subject request"
        min={1}
        max={365}
        value={dueDays}
        onChange={setDueDays}
        allowDecimal={false}
      />
      <NumberInput
        label="Years to keep a closed matter’s files"
        min={1}
        max={100}
        value={fileYears}
        onChange={setFileYears}
        allowDecimal={false}
      />
      <Text size="sm" c="dimmed">
        Financial and trust records are kept {settings.financialRecordYears} years, whatever is asked: an erasure inside that period is
        refused.
      </Text>
      <Group>
        <Button onClick={() => void save()} loading={isSaving}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}
