import { Skeleton, Text } from '@mantine/core';

/**
 * A line of text's height with a grey bar in it, for a figure still to come: as tall as the line it
 * stands for (a figure in xl, the line under it in sm, a link in xs), so nothing moves when it comes.
 */
export function PendingLine({ size, width, mt }: { size: 'xl' | 'sm' | 'xs'; width: string; mt?: number }) {
  return (
    <Text component="div" size={size} fw={size === 'xl' ? 700 : undefined} mt={mt} display="flex" style={{ alignItems: 'center' }}>
      <Skeleton height="0.9em" width={width} />
      {'\u00a0'}
    </Text>
  );
}
