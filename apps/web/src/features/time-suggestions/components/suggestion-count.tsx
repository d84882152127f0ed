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

/** Beside the timer: a link to the week's suggestions while any wait. */
export function SuggestedTimeLink() {
  const { workingUser } = useSession();
  const count = useSuggestionCount(workingUser?.suggestsTime === true).data ?? 0;
  if (count === 0) return null;
  const label = `${count} suggested`;
  return (
    <Badge
      component={Link}
      to={SUGGESTED_TIME_PATH}
      variant="light"
      size="lg"
      style={{ cursor: 'pointer', textTransform: 'none' }}
      title="Suggested time waiting for you"
    >
      {label}
    </Badge>
  );
}
