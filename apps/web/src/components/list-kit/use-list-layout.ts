import { useMediaQuery } from '@mantine/hooks';
import { PHONE_MEDIA_QUERY } from '../../lib/screen-size.ts';

/**
 * Below Mantine's xl breakpoint (88em, 1,408 px): a 1280 px laptop, whose content area is about
 * 1,020 px wide (820 beside a section's own navigation), too narrow for every column of the widest
 * lists; at 1440 px it is 1,180 (980).
 */
export const NARROW_SCREEN_MEDIA_QUERY = '(max-width: 87.99em)';

/**
 * How a list shows its rows: a card each on a phone, the less important columns folded into a
 * details line on a narrow screen, every column on a wide one.
 */
export type ListLayout = 'cards' | 'folded' | 'full';

export function useListLayout(): ListLayout {
  const options = { getInitialValueInEffect: false } as const;
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, options) ?? false;
  const isNarrow = useMediaQuery(NARROW_SCREEN_MEDIA_QUERY, false, options) ?? false;
  if (isPhone) return 'cards';
  return isNarrow ? 'folded' : 'full';
}
