import { Anchor, Text } from '@mantine/core';
import { IS_BILLABLE, type TimeEntryListItem } from '@matterhorn/shared';
import { Link } from 'react-router';
import { formatAmount, formatEntryDate, formatListHours, formatShortHours, recordedToBilledText } from '../utils/time-entry-display.ts';
import { LockBadge } from './lock-badge.tsx';

export const EMPTY_TEXT = 'No time entry found.';
export const STATUS_TEXT = { unbilled: 'Unbilled', notBillable: 'Not billable' } as const;

/** How a row's buttons are read out: "Edit time entry 05/03/2024 Acme v Beta". */
export function entryName(entry: TimeEntryListItem): string {
  return `time entry ${formatEntryDate(entry.timeEntryDate)} ${entry.matterName}`;
}

export const billableText = (entry: TimeEntryListItem) => (entry.isBillable === IS_BILLABLE.billable ? 'Billable' : 'Not billable');

/** Billed hours to 2 decimals; when rounding to the billing increment changed them, the recorded hours under them. */
export function HoursCell({ entry }: { entry: TimeEntryListItem }) {
  const isRounded = formatShortHours(entry.recordedDuration) !== formatShortHours(entry.duration);
  if (!isRounded) return <>{formatListHours(entry.duration)}</>;
  return (
    <span title={recordedToBilledText(entry.recordedDuration, entry.duration)}>
      {formatListHours(entry.duration)}
      <Text span size="xs" c="dimmed" display="block">
        {formatShortHours(entry.recordedDuration)} h recorded
      </Text>
    </span>
  );
}

/** On an invoice, unbilled, or (for non-billable time, which never goes on an invoice) not billable. */
export function StatusCell({ entry }: { entry: TimeEntryListItem }) {
  if (entry.isLocked) return <LockBadge />;
  return <Text size="sm">{entry.isBillable === IS_BILLABLE.billable ? STATUS_TEXT.unbilled : STATUS_TEXT.notBillable}</Text>;
}

/** The client's name on up to two lines, the whole name in its tooltip. */
export function ClientName({ entry }: { entry: TimeEntryListItem }) {
  return (
    <Text size="sm" lineClamp={2} maw={180} title={entry.clientName}>
      {entry.clientName}
    </Text>
  );
}

/** The matter, linked to its Time tab, on up to two lines (the whole name in its tooltip). */
export function MatterLink({ entry, isStrong = false }: { entry: TimeEntryListItem; isStrong?: boolean }) {
  return (
    <Anchor
      component={Link}
      to={`/matter/${entry.matterId}?activeTab=time`}
      size="sm"
      fw={isStrong ? 600 : undefined}
      title={entry.matterName}
      lineClamp={2}
      maw={isStrong ? undefined : 220}
    >
      {entry.matterName}
    </Anchor>
  );
}

/**
 * The columns a narrower screen folds into the row: activity, fee earner, billable and rate, on
 * one line under the description.
 */
export function FoldedDetails({ entry, homeCurrencySymbol }: { entry: TimeEntryListItem; homeCurrencySymbol: string }) {
  return (
    <Text size="xs" c="dimmed">
      {entry.activityType} · {entry.timeEntryUserName} · {billableText(entry)} · Rate {formatAmount(entry.userRate, homeCurrencySymbol)}
    </Text>
  );
}
