import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSuggestionCount } from '../api/suggestion-count.ts';

export const SUGGESTED_TIME_PATH = '/time-entries?tab=suggested';

/** Its room beside the timer is kept from the first paint, so the count arriving moves nothing (no layout shift). */
export const SUGGESTED_TIME_LINK_WIDTH = '8.5rem';

/**
 * Beside the timer, for a member whose work is suggested: a link to the week's suggestions, with how
 * many wait. Not on a phone, where the top bar has no room for it: the Suggested time tab counts them.
 */
export function SuggestedTimeLink() {
  const { workingUser } = useSession();
  const isOn = workingUser?.suggestsTime === true;
  const count = useSuggestionCount(isOn).data;
  if (!isOn) return null;
  // A Button, not a Badge: Button is on every page already, Badge would add its code to each.
  return (
    <Button
      component={Link}
      to={SUGGESTED_TIME_PATH}
      variant="default"
      size="xs"
      radius="xl"
      w={SUGGESTED_TIME_LINK_WIDTH}
      visibleFrom="sm"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {count ? `${count} suggested` : 'Suggested time'}
    </Button>
  );
}
