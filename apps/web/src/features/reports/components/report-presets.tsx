import { Button, Group } from '@mantine/core';
import { presetQueryOn, todayIso } from '@matterhorn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { deletePreset, presetKeys, reportPresetsQuery, sendPreset } from '../api/report-presets-api.ts';
import { SavePresetModal } from './save-preset-modal.tsx';
import { SchedulePresetModal } from './schedule-preset-modal.tsx';

type ReportPresetsProps = {
  report: string;
  query: Record<string, string>;
  hasDateRange: boolean;
  /** Opens the report with a preset's filters (a moving period as today's dates). */
  onOpen: (query: Record<string, string>) => void;
};

/** The user's presets of this report: open one, save the filters on screen as one, schedule, send now or delete one. */
export function ReportPresets({ report, query, hasDateRange, onOpen }: ReportPresetsProps) {
  const client = useQueryClient();
  const presets = useQuery(reportPresetsQuery(report));
  const [chosenId, setChosenId] = useState('');
  const [modal, setModal] = useState<'save' | 'schedule' | null>(null);
  const chosen = presets.data?.find((preset) => preset.id === chosenId);
  const send = useMutation({ mutationFn: (id: string) => sendPreset(id) });
  const remove = useMutation({
    mutationFn: (id: string) => deletePreset(id),
    onSuccess: async () => {
      setChosenId('');
      await client.invalidateQueries({ queryKey: presetKeys.all });
    },
  });
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <SearchableSelect
        label="Preset"
        entity="preset"
        placeholder="Choose a saved preset"
        options={(presets.data ?? []).map((preset) => ({
          value: preset.id,
          label: preset.schedule ? `${preset.name} (sent ${preset.schedule})` : preset.name,
        }))}
        value={chosenId}
        onChange={(id) => {
          setChosenId(id);
          const preset = presets.data?.find((candidate) => candidate.id === id);
          if (preset) onOpen(presetQueryOn(preset.query, todayIso()));
        }}
      />
      <Button variant="default" onClick={() => setModal('save')}>
        Save preset
      </Button>
      {chosen && (
        <>
          <Button variant="default" onClick={() => setModal('schedule')}>
            Schedule
          </Button>
          <Button variant="default" loading={send.isPending} onClick={() => send.mutate(chosen.id)}>
            Send now
          </Button>
          <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(chosen.id)}>
            Delete preset
          </Button>
        </>
      )}
      {modal === 'save' && <SavePresetModal report={report} query={query} hasDateRange={hasDateRange} onClose={() => setModal(null)} />}
      {modal === 'schedule' && chosen && <SchedulePresetModal preset={chosen} onClose={() => setModal(null)} />}
    </Group>
  );
}
