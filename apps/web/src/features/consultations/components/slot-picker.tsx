import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ConsultationSlots } from '@matterhorn/shared';
import { useState } from 'react';

const dayLabel = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A day as its buttons say it: "Mon 30 Nov" (the date is the firm's, read as written). */
export const dayName = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`)).replace(',', '');

/**
 * Pick a day, then one of its free times (on the firm's clock, said once above the times). Each is a
 * toggle button, so a keyboard and a screen reader know which is chosen.
 */
export function SlotPicker({
  slots,
  value,
  onChange,
}: {
  slots: ConsultationSlots;
  value: string | null;
  onChange: (start: string | null) => void;
}) {
  const [day, setDay] = useState<string | null>(value?.slice(0, 10) ?? slots.days[0]?.date ?? null);
  if (slots.days.length === 0) return <Text c="dimmed">No free times in the coming days. Please contact the firm.</Text>;
  const chosenDay = slots.days.find((candidate) => candidate.date === day) ?? slots.days[0]!;
  return (
    <Stack gap="sm">
      <Text fw={600} id="slot-days-label">
        Day
      </Text>
      <Group gap="xs" role="group" aria-labelledby="slot-days-label">
        {slots.days.map((candidate) => (
          <Button
            key={candidate.date}
            size="compact-md"
            variant={candidate.date === chosenDay.date ? 'filled' : 'default'}
            aria-pressed={candidate.date === chosenDay.date}
            onClick={() => {
              setDay(candidate.date);
              onChange(null);
            }}
          >
            {dayName(candidate.date)}
          </Button>
        ))}
      </Group>
      <Text fw={600} id="slot-times-label">
        Time ({slots.lengthMinutes} minutes, {slots.timeZone.replaceAll('_', ' ')} time)
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" role="group" aria-labelledby="slot-times-label">
        {chosenDay.slots.map((slot) => (
          <Button
            key={slot.start}
            variant={slot.start === value ? 'filled' : 'default'}
            aria-pressed={slot.start === value}
            onClick={() => onChange(slot.start === value ? null : slot.start)}
          >
            {slot.start.slice(11)}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
