import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { REPORT_PERIOD_LABELS, REPORT_PERIODS, reportPresetInputSchema } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { presetKeys, savePreset } from '../api/report-presets-api.ts';

const AS_SET = 'as-set';

type SavePresetModalProps = {
  report: string;
  /** The filters on screen. */
  query: Record<string, string>;
  /** The report filters by a date range: the preset may keep a moving period instead of the dates. */
  hasDateRange: boolean;
  onClose: () => void;
};

/** Saves the filters on screen under a name; a moving period (last month…) may stand in for the dates. */
export function SavePresetModal({ report, query, hasDateRange, onClose }: SavePresetModalProps) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [period, setPeriod] = useState(AS_SET);
  const [error, setError] = useState<string | null>(null);
  // Plain state, not useMutation: it would add its observer to the query chunk every page loads.
  const [isSaving, setSaving] = useState(false);
  const submit = async () => {
    const parsed = reportPresetInputSchema.shape.name.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Name is required');
    setError(null);
    const { From: _from, To: _to, ...rest } = query;
    setSaving(true);
    try {
      await savePreset({ report, name, query: period === AS_SET ? query : { ...rest, Period: period } });
      await client.invalidateQueries({ queryKey: presetKeys.all });
      onClose();
    } catch {
      // The call's own toast says what went wrong.
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppModal opened onClose={onClose} title="Save preset">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label="Name"
            withAsterisk
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {hasDateRange && (
            <NativeSelect
              label="Dates"
              description="A moving period is worked out again each time the preset is opened or sent."
              data={[
                { value: AS_SET, label: 'The dates as set now' },
                ...REPORT_PERIODS.map((value) => ({ value, label: REPORT_PERIOD_LABELS[value] })),
              ]}
              value={period}
              onChange={(event) => setPeriod(event.currentTarget.value)}
            />
          )}
          <SubmitButton isSubmitting={isSaving}>Save preset</SubmitButton>
        </Stack>
      </form>
    </AppModal>
  );
}
