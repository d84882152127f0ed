import { Box, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** The steps, in order; each is also its panel's heading. */
export const IMPORT_STEPS = ['What and file', 'Columns', 'Dry run report', 'Import'] as const;

/**
 * Where the office manager is: an ordered list (a screen reader says "4 items"), the current step
 * marked with aria-current. Not buttons: a step is reached by its panel's own buttons, which say
 * what they do (Change mapping, Import another file).
 */
export function ImportStepper({ active }: { active: number }) {
  return (
    <Box
      component="ol"
      aria-label="Import steps"
      p={0}
      m={0}
      style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-lg)' }}
    >
      {IMPORT_STEPS.map((label, index) => (
        <li key={label} aria-current={index === active ? 'step' : undefined}>
          <Group gap={6} wrap="nowrap">
            <ThemeIcon
              radius="xl"
              size="sm"
              color={index < active ? 'green' : 'blue'}
              variant={index <= active ? 'filled' : 'light'}
              fz="xs"
              fw={700}
              aria-hidden
            >
              {index < active ? <IconCheck size={14} /> : index + 1}
            </ThemeIcon>
            <Text size="sm" fw={index === active ? 700 : 400} c={index > active ? 'dimmed' : undefined}>
              {label}
              {index < active && <VisuallyHidden> (done)</VisuallyHidden>}
            </Text>
          </Group>
        </li>
      ))}
    </Box>
  );
}
