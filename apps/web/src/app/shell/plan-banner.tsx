import { Alert, Anchor, Box, Group, Text } from '@mantine/core';
import { SPEC_MESSAGES, SUBSCRIPTION_ENDED_MESSAGE } from '@matterhorn/shared';
import { useElementSize } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSubscriptionInfo, type SubscriptionScope } from '../../features/subscriptions/api/get-subscription-info.ts';
import { toast } from '../../lib/toasts.ts';
import { planBannerFor, UPGRADE_PATH } from './plan-banner-text.ts';

let hasReportedMissing = false;

/**
 * SPEC.md §2 plan banner: free, trial or expired plans, with an Upgrade link to plan selection. It
 * comes once the plan is known, after the page is drawn: the shell puts it at the foot of the page's
 * column, held to the bottom of the screen, where it moves nothing (above the top bar it pushed every
 * page down as it came).
 */
export function PlanBanner({ scope }: { scope: SubscriptionScope }) {
  const query = useSubscriptionInfo(scope);
  const isMissing = query.isSuccess && query.data === null;
  const text = query.data ? planBannerFor(query.data) : null;
  const { ref, height } = useElementSize<HTMLDivElement>();

  useEffect(() => {
    // What the keyboard reaches is scrolled into view above the banner, never under it (WCAG 2.4.11).
    const root = document.documentElement.style;
    root.scrollPaddingBottom = text && height > 0 ? `${Math.ceil(height)}px` : '';
    return () => {
      root.scrollPaddingBottom = '';
    };
  }, [text, height]);

  useEffect(() => {
    // SPEC.md §8: missing subscription context; reported once per page load, not on every page.
    if (isMissing && !hasReportedMissing) {
      hasReportedMissing = true;
      toast.error(SPEC_MESSAGES.subscriptionNotFound);
    }
  }, [isMissing]);

  if (!query.data || !text) return null;
  const isPastDue = query.data.pastDueUntil !== null;
  return (
    <Box
      ref={ref}
      bg="white"
      style={{ position: 'sticky', bottom: 0, zIndex: 'var(--mantine-z-index-app)', borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <PlanBannerView text={text} isReadOnly={query.data.isReadOnly} isUrgent={isPastDue} linkLabel={isPastDue ? 'Pay now' : 'Upgrade'} />
    </Box>
  );
}

/** SPEC's text; and, while the firm is read-only, why its save buttons are disabled (the server's 402 words). */
export function PlanBannerView({
  text,
  isReadOnly = false,
  isUrgent = false,
  linkLabel = 'Upgrade',
}: {
  text: string;
  isReadOnly?: boolean;
  /** A renewal not paid: red, like an expired plan. */
  isUrgent?: boolean;
  linkLabel?: string;
}) {
  return (
    <Alert
      color={isUrgent || text === 'Subscription Expired' ? 'red' : 'yellow'}
      variant="light"
      py={6}
      radius={0}
      aria-label="Plan status"
    >
      <Group gap="sm" justify="center">
        <Text size="sm" fw={600}>
          {text}
        </Text>
        {isReadOnly && <Text size="sm">{SUBSCRIPTION_ENDED_MESSAGE}</Text>}
        <Anchor component={Link} to={UPGRADE_PATH} size="sm" fw={600}>
          {linkLabel}
        </Anchor>
      </Group>
    </Alert>
  );
}
