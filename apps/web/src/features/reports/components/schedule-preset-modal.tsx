import { NativeSelect, Stack, Text } from '@mantine/core';
import { REPORT_SCHEDULES, type ReportPreset } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { activeMembers, teamMembersQuery } from '../../../lib/lookups/team-members.ts';
import { presetKeys, schedulePreset } from '../api/report-presets-api.ts';

const NOT_SENT = 'none';
const SCHEDULE_LABELS = { weekly: 'Weekly, on Mondays', monthly: 'Monthly, on the 1st' } as const;

/** Sends a preset weekly or monthly, as PDF and CSV, to the team members chosen; or stops sending it. */
export function SchedulePresetModal({ preset, onClose }: { preset: ReportPreset; onClose: () => void }) {
  const client = useQueryClient();
  const team = useQuery(teamMembersQuery);
  const [schedule, setSchedule] = useState<string>(preset.schedule ?? NOT_SENT);
  const [recipients, setRecipients] = useState<string[]>(preset.recipientUserIds);
  const [isSaving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await schedulePreset(preset.id, {
        schedule: schedule === NOT_SENT ? null : (schedule as (typeof REPORT_SCHEDULES)[number]),
        recipientUserIds: schedule === NOT_SENT ? [] : recipients,
      });
      await client.invalidateQueries({ queryKey: presetKeys.all });
      onClose();
    } catch {
      // The call's own toast says what went wrong.
    } finally {
      setSaving(false);
    }
  };
  const isMissingRecipients = schedule !== NOT_SENT && recipients.length === 0;
  return (
    <AppModal opened onClose={onClose} title={`Schedule “${preset.name}”`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!isMissingRecipients) void save();
        }}
        noValidate
      >
        <Stack>
          <NativeSelect
            label="Send"
            data={[{ value: NOT_SENT, label: 'Not sent' }, ...REPORT_SCHEDULES.map((value) => ({ value, label: SCHEDULE_LABELS[value] }))]}
            value={schedule}
            onChange={(event) => setSchedule(event.currentTarget.value)}
            data-autofocus
          />
          {schedule !== NOT_SENT && (
            <MultiSelect
              label="Recipients"
              entity="team member"
              options={activeMembers(team.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
              value={recipients}
              onChange={setRecipients}
              error={isMissingRecipients ? 'Choose at least one recipient' : undefined}
            />
          )}
          {preset.nextRunOn && <Text size="sm">Next sent on {preset.nextRunOn.split('-').reverse().join('/')}.</Text>}
          <SubmitButton isSubmitting={isSaving} disabled={isMissingRecipients}>
            Save schedule
          </SubmitButton>
        </Stack>
      </form>
    </AppModal>
  );
}
