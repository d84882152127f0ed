import { Text } from '@mantine/core';
import type { PasskeyNotice } from '../hooks/use-passkey-sign-in.ts';

/** Under a passkey button: a closed prompt told calmly (a status), a failure as an alert. */
export function PasskeyNoticeText({ notice }: { notice: PasskeyNotice | null }) {
  if (!notice) return null;
  return notice.isPromptClosed ? (
    <Text role="status" size="sm" c="dimmed">
      {notice.message}
    </Text>
  ) : (
    <Text role="alert" size="sm" c="red.8">
      {notice.message}
    </Text>
  );
}
