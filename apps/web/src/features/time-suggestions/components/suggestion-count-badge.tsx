import { Badge } from '@mantine/core';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSuggestionCount } from '../api/suggestion-count.ts';

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
