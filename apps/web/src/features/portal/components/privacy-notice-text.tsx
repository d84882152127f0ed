import { Box, Text } from '@mantine/core';
import { isoToDisplayDate, type PrivacyOfficer, type PublishedPrivacyNotice } from '@matterhorn/shared';

/** The notice's words as published, in a box that scrolls (reachable by keyboard) so the form stays in view. */
export function PrivacyNoticeText({ notice, maxHeight = 280 }: { notice: PublishedPrivacyNotice; maxHeight?: number }) {
  return (
    <Box
      role="region"
      aria-label={`Privacy notice, version ${notice.version}`}
      tabIndex={0}
      mah={maxHeight}
      p="sm"
      bg="gray.0"
      style={{ overflowY: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text size="xs" c="dimmed" mb="xs">
        Version {notice.version}, published {isoToDisplayDate(notice.publishedAt.slice(0, 10))}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {notice.body}
      </Text>
    </Box>
  );
}

/** The firm's data-protection officer, whom a client may write to about their data. */
export function PrivacyOfficerLine({ officer }: { officer: PrivacyOfficer }) {
  return (
    <Text size="sm">
      Data-protection officer: {officer.name} · <a href={`mailto:${officer.email}`}>{officer.email}</a>
      {officer.phone && (
        <>
          {' '}
          · <a href={`tel:${officer.phone.replace(/\s+/g, '')}`}>{officer.phone}</a>
        </>
      )}
    </Text>
  );
}
