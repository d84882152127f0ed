import { Paper, SimpleGrid, Text } from '@mantine/core';

/** Three figures, each a list item read as one phrase ("2 will be created"). */
export function CountList({ label, counts }: { label: string; counts: { text: string; count: number; color?: string }[] }) {
  return (
    <SimpleGrid
      component="ul"
      aria-label={label}
      cols={{ base: 1, xs: 3 }}
      spacing="sm"
      p={0}
      m={0}
      maw={820}
      style={{ listStyle: 'none' }}
    >
      {counts.map(({ text, count, color }) => (
        <Paper key={text} component="li" withBorder p="sm" radius="md">
          <Text span display="block" fz="xl" fw={700} c={color}>
            {count.toLocaleString('en-US')}
          </Text>{' '}
          <Text span size="sm">
            {text}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
