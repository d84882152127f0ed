import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import type { EmailChangeLink } from '../api/email-change-links.ts';
import { useEmailChangeLink } from '../hooks/use-email-change-link.ts';

type EmailChangeLinkCardProps = {
  link: EmailChangeLink;
  title: string;
  /** Read out while the link is being opened. */
  openingLabel: string;
  /** What else to offer once it worked (Undo: choose a new password). */
  nextSteps?: ReactNode;
};

/**
 * The page an emailed link opens (no sign-in needed): it posts the link's token once, then says
 * what the server answered. The outcome is announced: a status region that stays on the page while
 * its words change, an alert for a refusal.
 */
export function EmailChangeLinkCard({ link, title, openingLabel, nextSteps }: EmailChangeLinkCardProps) {
  const [searchParams] = useSearchParams();
  const outcome = useEmailChangeLink(link, searchParams.get('token')?.trim() ?? '');
  return (
    <AuthCard title={title}>
      <div role="status">
        {outcome.status === 'opening' && (
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text size="sm">{openingLabel}</Text>
          </Stack>
        )}
        {outcome.status === 'done' && (
          <Alert color="green" title="Done">
            {outcome.message}
          </Alert>
        )}
      </div>
      {outcome.status === 'refused' && (
        <Alert color="red" role="alert" title="This link cannot be used">
          {outcome.message}
        </Alert>
      )}
      {outcome.status !== 'opening' && (
        <Group gap="md">
          {outcome.status === 'done' && nextSteps}
          <Anchor component={Link} to="/login" size="sm">
            Sign in
          </Anchor>
        </Group>
      )}
    </AuthCard>
  );
}
