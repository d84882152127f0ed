import { Alert, Button, Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { PRIVACY_NOTICE_MESSAGES, type PortalPrivacyNotice } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { consentToPrivacyNotice, portalPrivacyNoticeQuery } from '../api/portal-privacy-notice-api.ts';
import { PrivacyNoticeText, PrivacyOfficerLine } from './privacy-notice-text.tsx';

export const PRIVACY_GATE_TEXT = {
  title: 'Please read our privacy notice',
  changed: 'Your law firm has published a new version of its privacy notice. Read it and agree to it to continue to your portal.',
  agree: 'Agree and continue',
  tick: 'Tick the box to agree to the privacy notice',
} as const;

/** The current notice in place of the portal's content, until this client agrees to it; focus goes to its heading. */
function ConsentStep({ status }: { status: PortalPrivacyNotice & { notice: NonNullable<PortalPrivacyNotice['notice']> } }) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [isTicked, setIsTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const agree = async () => {
    if (!isTicked) {
      setError(PRIVACY_GATE_TEXT.tick);
      return;
    }
    setIsSending(true);
    try {
      await consentToPrivacyNotice(queryClient, status.notice.version);
    } catch {
      // The API client has shown the server's message; a newer version comes with the refetch.
      await queryClient.invalidateQueries({ queryKey: portalPrivacyNoticeQuery.queryKey });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="portal-privacy-notice-title" maw={760}>
      <Stack gap="sm">
        <Title order={1} size="h3" id="portal-privacy-notice-title" ref={heading} tabIndex={-1}>
          {PRIVACY_GATE_TEXT.title}
        </Title>
        <Text size="sm">{PRIVACY_GATE_TEXT.changed}</Text>
        <PrivacyNoticeText notice={status.notice} maxHeight={420} />
        {status.officer && <PrivacyOfficerLine officer={status.officer} />}
        <Checkbox
          label={PRIVACY_NOTICE_MESSAGES.consentLabel}
          checked={isTicked}
          onChange={(event) => {
            setIsTicked(event.currentTarget.checked);
            setError(null);
          }}
          error={error}
        />
        <div>
          <Button onClick={() => void agree()} loading={isSending}>
            {PRIVACY_GATE_TEXT.agree}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

/**
 * Before the portal's content: a client who has not agreed to the firm's current privacy notice
 * reads it and agrees first (ADR 92). A firm with no notice, or a client who agreed, sees the portal;
 * when the notice cannot be read the portal is not held back by it.
 */
export function PortalPrivacyNoticeGate({ children }: { children: ReactNode }) {
  const status = useQuery(portalPrivacyNoticeQuery);
  if (status.isPending) return <LoadingSpinner label="Loading your portal" />;
  if (status.data?.needsConsent && status.data.notice) return <ConsentStep status={{ ...status.data, notice: status.data.notice }} />;
  return <>{children}</>;
}

/** The officer named on every portal page, and the current notice to read at any time. */
export function PortalPrivacyFooter({ onRead }: { onRead: () => void }) {
  const status = useQuery(portalPrivacyNoticeQuery);
  if (!status.data?.officer && !status.data?.notice) return null;
  return (
    <Stack component="footer" gap={4} px="lg" py="md" maw={960} mx="auto">
      {status.data.officer && <PrivacyOfficerLine officer={status.data.officer} />}
      {status.data.notice && (
        <div>
          <Button variant="subtle" size="compact-sm" px={0} onClick={onRead}>
            Read our privacy notice (version {status.data.notice.version})
          </Button>
        </div>
      )}
    </Stack>
  );
}

/** The notice in the portal's Settings tab, with when this client agreed to it. */
export function PortalPrivacyNoticeCard() {
  const status = useQuery(portalPrivacyNoticeQuery);
  if (status.isPending) return null;
  if (status.isError) return <Alert color="red">The privacy notice could not be loaded.</Alert>;
  if (!status.data.notice && !status.data.officer) return null;
  return (
    <Card withBorder component="section" aria-labelledby="portal-privacy-notice" id="privacy-notice">
      <Stack gap="sm">
        <Title order={2} size="h4" id="portal-privacy-notice">
          Privacy notice
        </Title>
        {status.data.officer && <PrivacyOfficerLine officer={status.data.officer} />}
        {status.data.notice && <PrivacyNoticeText notice={status.data.notice} />}
        {status.data.consentedAt && (
          <Text size="sm" c="dimmed">
            You agreed to this version on {new Date(status.data.consentedAt).toLocaleDateString('en-GB')}.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
