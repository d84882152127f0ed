import { Badge, Button, Card, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { describeHours, readQuickDuration, TIME_ENTRY_MESSAGES, type TimeSuggestion } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { activityTypesQuery } from '../../../lib/lookups/activity-types.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import type { useSuggestionWrites } from '../api/time-suggestions.ts';
import { actionLine, hoursText, matterLabel } from '../utils/suggestion-text.ts';

type Props = {
  suggestion: TimeSuggestion;
  writes: ReturnType<typeof useSuggestionWrites>;
  isSelected: boolean;
  onSelect: (isSelected: boolean) => void;
  /** Why it cannot be picked to merge (only the same matter's time merges), or null when it can. */
  mergeBlockedBy: string | null;
};

/** One day's proposed time on one matter: accept as it is, edit then accept, dismiss, or pick it to merge. */
export function SuggestionCard({ suggestion, writes, isSelected, onSelect, mergeBlockedBy }: Props) {
  const [isEditing, setIsEditing] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const label = matterLabel(suggestion);
  const run = (action: () => Promise<unknown>) => async () => {
    setIsBusy(true);
    try {
      await action();
    } catch {
      // The call has toasted what went wrong; the card stays for another try.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Suggested time on ${label}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{label}</Text>
            <Text size="sm" c="dimmed">
              {suggestion.clientName}
            </Text>
          </div>
          <Badge size="lg" variant="light" style={{ flexShrink: 0, textTransform: 'none' }}>
            {hoursText(suggestion.proposedHours)}
          </Badge>
        </Group>
        {isEditing ? (
          <SuggestionEditor
            suggestion={suggestion}
            isBusy={isBusy}
            onCancel={() => setIsEditing(false)}
            onAccept={(edited) =>
              run(() => writes.accept({ workDate: suggestion.workDate, matterId: suggestion.matterId, ...edited }, idempotency.key))()
            }
          />
        ) : (
          <>
            <Text size="sm">{suggestion.narrative}</Text>
            <Text size="xs" c="dimmed">
              {suggestion.activityName ?? 'No activity type fits: edit to choose one'}
              {Number(suggestion.recordedHours) > 0 && ` · ${hoursText(suggestion.recordedHours)} already recorded subtracted`}
            </Text>
            <Text size="xs" c="dimmed" component="ul" m={0} pl="md">
              {suggestion.actions.map((action) => (
                <li key={`${action.kind}:${action.subject}`}>{actionLine(action)}</li>
              ))}
            </Text>
            <Group gap="xs" justify="space-between" align="flex-start">
              {/* Disabled with its reason, never offered where it would do nothing or put one client's work on another's entry. */}
              <Checkbox
                label="Select to merge"
                description={mergeBlockedBy}
                disabled={mergeBlockedBy !== null}
                checked={isSelected && mergeBlockedBy === null}
                onChange={(event) => onSelect(event.currentTarget.checked)}
                style={{ flex: '1 1 12rem' }}
              />
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  disabled={isBusy}
                  onClick={run(() => writes.dismiss(suggestion.workDate, suggestion.matterId))}
                >
                  Dismiss
                </Button>
                <Button size="xs" variant="default" disabled={isBusy} onClick={() => setIsEditing(true)}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  loading={isBusy}
                  disabled={suggestion.activityId === null}
                  onClick={run(() => writes.accept({ workDate: suggestion.workDate, matterId: suggestion.matterId }, idempotency.key))}
                >
                  Accept
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

type Edited = { duration: string; activityId: string; description: string };

/** Duration (quick forms read as the popup reads them), activity type and narrative, then Accept. */
function SuggestionEditor({
  suggestion,
  isBusy,
  onCancel,
  onAccept,
}: {
  suggestion: TimeSuggestion;
  isBusy: boolean;
  onCancel: () => void;
  onAccept: (edited: Edited) => void;
}) {
  const unit = useSession().workingUser?.bareNumberUnit ?? 'hours';
  const activityTypes = useQuery(activityTypesQuery).data ?? [];
  const [duration, setDuration] = useState(hoursText(suggestion.proposedHours).replace(' h', ''));
  const [activityId, setActivityId] = useState(suggestion.activityId ?? '');
  const [description, setDescription] = useState(suggestion.narrative);
  const read = readQuickDuration(duration, unit);
  const durationError =
    duration.trim() === '' ? TIME_ENTRY_MESSAGES.durationRequired : read === null ? TIME_ENTRY_MESSAGES.durationNumber : undefined;
  const activityError = activityId === '' ? TIME_ENTRY_MESSAGES.activityRequired : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (read && !activityError) onAccept({ duration: read.hours, activityId, description });
      }}
    >
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label="Duration"
            withAsterisk
            value={duration}
            onChange={(event) => setDuration(event.currentTarget.value)}
            error={durationError}
            description={read?.isShorthand ? `${describeHours(read.hours)} = ${Number(read.hours)} h` : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Select
            label="Activity Type"
            withAsterisk
            data={activityTypes.map((type) => ({ value: type.id, label: type.activityType }))}
            value={activityId || null}
            onChange={(value) => setActivityId(value ?? '')}
            error={activityError}
            searchable
          />
        </Group>
        <Textarea label="Description" value={description} onChange={(event) => setDescription(event.currentTarget.value)} rows={3} />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onCancel} disabled={isBusy}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={isBusy} disabled={durationError !== undefined || activityError !== undefined}>
            Accept
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
