import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { mergeBlockedReason, sumHours, todayIso, type TimeSuggestion } from '@matterhorn/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useSuggestions, useSuggestionWrites } from '../api/time-suggestions.ts';
import { addDays, dayHeading, hoursText, matterLabel } from '../utils/suggestion-text.ts';
import { SuggestionCard } from './suggestion-card.tsx';

const WEEK = 7;

/** The Suggested time tab of /time-entries: a week of the member's work, day by day, to accept or dismiss. */
export function SuggestedTimePanel() {
  const { workingUser } = useSession();
  const [to, setTo] = useState(() => todayIso());
  const from = addDays(to, 1 - WEEK);
  const isOn = workingUser?.suggestsTime !== false;
  const suggestions = useSuggestions(from, to, isOn);
  const writes = useSuggestionWrites();
  if (!isOn)
    return (
      <Alert color="gray" title="Suggested time is off">
        Your work is not being recorded for suggestions. You can switch it on in <Link to="/settings/my-account">My account</Link>, unless
        your firm has switched it off for everyone.
      </Alert>
    );
  const days = groupByDay(suggestions.data ?? []);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Time proposed from your work in Matterhorn, {dayHeading(from)} to {dayHeading(to)}. Nothing is recorded until you accept it.
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setTo(addDays(to, -WEEK))}>
            Earlier week
          </Button>
          <Button size="xs" variant="default" disabled={to >= todayIso()} onClick={() => setTo(addDays(to, WEEK))}>
            Later week
          </Button>
        </Group>
      </Group>
      {suggestions.isPending ? (
        <LoadingSpinner />
      ) : suggestions.data === null ? (
        <Text c="dimmed">Suggested time could not be loaded.</Text>
      ) : days.length === 0 ? (
        <Text c="dimmed">
          No time to suggest this week: documents you read, notes you write and calls you log on a matter are proposed here.
        </Text>
      ) : (
        days.map(([workDate, daySuggestions]) => (
          <SuggestedDay key={workDate} workDate={workDate} suggestions={daySuggestions} writes={writes} />
        ))
      )}
    </Stack>
  );
}

function groupByDay(suggestions: TimeSuggestion[]): [string, TimeSuggestion[]][] {
  const days = new Map<string, TimeSuggestion[]>();
  for (const suggestion of suggestions) days.set(suggestion.workDate, [...(days.get(suggestion.workDate) ?? []), suggestion]);
  return [...days.entries()];
}

function SuggestedDay({
  workDate,
  suggestions,
  writes,
}: {
  workDate: string;
  suggestions: TimeSuggestion[];
  writes: ReturnType<typeof useSuggestionWrites>;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [mergeInto, setMergeInto] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const dayKey = useIdempotencyKey();
  const mergeKey = useIdempotencyKey();
  const chosen = suggestions.filter((suggestion) => selected.includes(suggestion.matterId));
  const target = mergeInto && selected.includes(mergeInto) ? mergeInto : (chosen[0]?.matterId ?? null);
  const headingId = `suggested-${workDate}`;
  const act = (action: () => Promise<unknown>) => async () => {
    setIsBusy(true);
    try {
      await action();
      setSelected([]);
    } catch {
      // Toasted by the call.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {dayHeading(workDate)}
        </Title>
        <Button size="xs" variant="light" loading={isBusy} onClick={act(() => writes.acceptDay(workDate, dayKey.key))}>
          Accept all for {dayHeading(workDate)}
        </Button>
      </Group>
      {chosen.length >= 2 && target && (
        <Group gap="xs" align="flex-end">
          <Select
            label={`Merge ${chosen.length} suggestions into one entry on`}
            data={chosen.map((suggestion) => ({ value: suggestion.matterId, label: matterLabel(suggestion) }))}
            value={target}
            onChange={setMergeInto}
            allowDeselect={false}
            style={{ flex: '1 1 16rem' }}
          />
          <Button
            loading={isBusy}
            onClick={act(() =>
              writes.accept(
                {
                  workDate,
                  matterId: target,
                  mergedMatterIds: chosen.map((suggestion) => suggestion.matterId).filter((id) => id !== target),
                },
                mergeKey.key,
              ),
            )}
          >
            Merge and accept ({hoursText(sumHours(chosen.map((suggestion) => suggestion.proposedHours)))})
          </Button>
        </Group>
      )}
      {suggestions.map((suggestion) => (
        <SuggestionCard
          key={suggestion.matterId}
          suggestion={suggestion}
          writes={writes}
          isSelected={selected.includes(suggestion.matterId)}
          mergeBlockedBy={mergeBlockedReason(suggestion, suggestions)}
          onSelect={(isSelected) =>
            setSelected((current) => (isSelected ? [...current, suggestion.matterId] : current.filter((id) => id !== suggestion.matterId)))
          }
        />
      ))}
    </Stack>
  );
}
