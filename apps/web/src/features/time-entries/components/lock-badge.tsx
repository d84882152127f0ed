import { Badge } from '@mantine/core';

function LockIcon() {
  return (
    <svg width="10" height="10" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 7V5a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm2 0h4V5a2 2 0 1 0-4 0z"
      />
    </svg>
  );
}

/** A billed entry: on an invoice, so its date, client, matter and duration are fixed and it cannot be deleted. */
export function LockBadge() {
  return (
    <Badge
      color="gray"
      variant="light"
      leftSection={<LockIcon />}
      title="On an invoice: date, client, matter and duration cannot change, and it cannot be deleted"
      data-testid="time-entry-locked"
    >
      Billed
    </Badge>
  );
}
