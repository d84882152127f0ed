import { Box, Button, Group, Text } from '@mantine/core';
import { HeaderTimer } from '../../features/time-entries/components/header-timer.tsx';
import { firmScopeOf } from '../../lib/session/working-user.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { CreateNewMenu } from './create-new-menu.tsx';
import { GlobalSearch } from './global-search.tsx';
import { PlanBanner } from './plan-banner.tsx';

export function TopBar({ isHidden }: { isHidden: boolean }) {
  const session = useSession();
  return (
    <Box
      component="header"
      hidden={isHidden}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', display: isHidden ? 'none' : undefined }}
    >
      <PlanBanner scope={firmScopeOf(session.workingUser)} />
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <GlobalSearch />
        <Group gap="sm" wrap="nowrap">
          <HeaderTimer />
          <CreateNewMenu permissions={session.permissions} />
          <Text size="sm" fw={500} aria-label="Signed in user">
            {session.workingUser?.name ?? ''}
          </Text>
          <Button variant="default" onClick={() => void session.logout()}>
            Logout
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
