import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { WEEKDAY_NAMES } from '@matterhorn/shared';

export type WorkingDay = { weekday: number; start: string; end: string };

/** Each weekday: whether consultations take place, and from when to when (on the firm's clock). */
export function WorkingHoursFields({
  value,
  onChange,
  timeZone,
}: {
  value: WorkingDay[];
  onChange: (days: WorkingDay[]) => void;
  timeZone: string;
}) {
  const dayOf = (weekday: number) => value.find((day) => day.weekday === weekday);
  const change = (weekday: number, next: WorkingDay | null) =>
    onChange(
      [...value.filter((day) => day.weekday !== weekday), ...(next ? [next] : [])].sort((left, right) => left.weekday - right.weekday),
    );
  return (
    <Stack gap="xs">
      <Text fw={600}>Consultation hours ({timeZone.replaceAll('_', ' ')} time)</Text>
      {WEEKDAY_NAMES.map((name, index) => {
        const weekday = index + 1;
        const day = dayOf(weekday);
        return (
          <Group key={name} gap="sm" wrap="wrap">
            <Checkbox
              w={{ base: '100%', sm: 130 }}
              label={name}
              checked={Boolean(day)}
              onChange={(event) => change(weekday, event.currentTarget.checked ? { weekday, start: '09:00', end: '17:00' } : null)}
            />
            {day ? (
              <>
                <TextInput
                  type="time"
                  aria-label={`${name} from`}
                  w={120}
                  value={day.start}
                  onChange={(event) => change(weekday, { ...day, start: event.currentTarget.value })}
                />
                <Text size="sm">to</Text>
                <TextInput
                  type="time"
                  aria-label={`${name} to`}
                  w={120}
                  value={day.end}
                  error={day.end <= day.start ? 'The end must be after the start' : undefined}
                  onChange={(event) => change(weekday, { ...day, end: event.currentTarget.value })}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                No consultations
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
