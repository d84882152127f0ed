import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** A collapsed menu's icon named on hover; its own chunk, as the menu opens expanded and most visits never need it. */
export function NavTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} position="right" withArrow>
      {children}
    </Tooltip>
  );
}
