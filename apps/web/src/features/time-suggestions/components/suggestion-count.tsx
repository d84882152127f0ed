import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSuggestionCount } from '../api/time-suggestions.ts';

export const SUGGESTED_TIME_PATH = '/time-entries?tab=suggested';

/** How many suggestions wait this week, beside the Suggested time tab's name; nothing when none. */
export function SuggestionCountBadge() {
  const { workingUser } = useSession();
  const count = useSuggestionCount(workingUser?.suggestsTime === true).data ?? 0;
  return count > 0 ? (
    <Badge size="sm" circle aria-label={`${count} waiting`}>
      {count}
    </Badge>
  ) : null;
}

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
  return (
    <Badge
      component={Link}
      to={SUGGESTED_TIME_PATH}
      variant="default"
      size="lg"
      w={SUGGESTED_TIME_LINK_WIDTH}
      visibleFrom="sm"
      style={{ cursor: 'pointer', textTransform: 'none', fontVariantNumeric: 'tabular-nums' }}
    >
      {count ? `${count} suggested` : 'Suggested time'}
    </Badge>
  );
}
