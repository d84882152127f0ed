import { Button, Group } from '@mantine/core';
import { presetQueryOn, todayIso } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { SearchableSelect } from '../../../components/searchable-select.tsx';
import { deletePreset, presetKeys, reportPresetsQuery, sendPreset } from '../api/report-presets-api.ts';

// The modals load when opened: the report page carries only the preset picker.
const SavePresetModal = lazy(async () => ({ default: (await import('./save-preset-modal.tsx')).SavePresetModal }));
const SchedulePresetModal = lazy(async () => ({ default: (await import('./schedule-preset-modal.tsx')).SchedulePresetModal }));

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
  // Plain state, not useMutation: it would add its observer to the query chunk every page loads.
  const [pending, setPending] = useState<'send' | 'delete' | null>(null);
  const act = async (action: 'send' | 'delete', id: string) => {
    setPending(action);
    try {
      if (action === 'send') await sendPreset(id);
      else {
        await deletePreset(id);
        setChosenId('');
        await client.invalidateQueries({ queryKey: presetKeys.all });
      }
    } catch {
      // The call's own toast says what went wrong.
    } finally {
      setPending(null);
    }
  };
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
          <Button variant="default" loading={pending === 'send'} onClick={() => void act('send', chosen.id)}>
            Send now
          </Button>
          <Button variant="subtle" color="red" loading={pending === 'delete'} onClick={() => void act('delete', chosen.id)}>
            Delete preset
          </Button>
        </>
      )}
      <Suspense fallback={null}>
        {modal === 'save' && <SavePresetModal report={report} query={query} hasDateRange={hasDateRange} onClose={() => setModal(null)} />}
        {modal === 'schedule' && chosen && <SchedulePresetModal preset={chosen} onClose={() => setModal(null)} />}
      </Suspense>
    </Group>
  );
}
