import { Box, Button, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { TOP_BAR_HEIGHT_VARIABLE } from '../../lib/toasts.ts';
import type { RouteObject } from 'react-router';
import { HeaderTimer } from '../../features/time-entries/components/header-timer.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { CreateNewMenu } from './create-new-menu.tsx';
import { GlobalSearch } from './global-search.tsx';
import { SEARCH_BOX_WIDTH_PX } from './search-entries.ts';

/** What this person wrote offline, waiting to send (ADR 91): shown only when there is some. */
const LazyOfflineWritesMenu = lazy(async () => ({ default: (await import('../installable/offline-writes-menu.tsx')).OfflineWritesMenu }));

/** The count of suggested time beside the timer: its calls' code loads after the page, not with every page's first paint. */
const LazySuggestedTimeLink = lazy(async () => ({
  default: (await import('../../features/time-suggestions/components/suggestion-count.tsx')).SuggestedTimeLink,
}));

type TopBarProps = {
  isHidden: boolean;
  /** The firm pages, whose declared permissions decide Create New's links. */
  pages: RouteObject[];
  /** The burger that opens the side menu on a phone. */
  menuButton?: ReactNode;
};

/**
 * Search on the left, timer, Create New, user and Logout on the right. On a narrow screen the right
 * group wraps under the search instead of pushing the page wider than the screen.
 */
export function TopBar({ isHidden, pages, menuButton }: TopBarProps) {
  const session = useSession();
  const { ref, height } = useElementSize<HTMLElement>();
  useEffect(() => {
    // Toasts start below this bar; the bar is taller on a phone, where its controls wrap.
    const root = document.documentElement.style;
    if (isHidden) root.removeProperty(TOP_BAR_HEIGHT_VARIABLE);
    else root.setProperty(TOP_BAR_HEIGHT_VARIABLE, `${Math.ceil(height)}px`);
    return () => {
      root.removeProperty(TOP_BAR_HEIGHT_VARIABLE);
    };
  }, [height, isHidden]);
  return (
    <Box
      ref={ref}
      component="header"
      hidden={isHidden}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', display: isHidden ? 'none' : undefined }}
    >
      <Group justify="space-between" px={menuButton ? 'sm' : 'md'} py="sm" gap="sm" wrap="wrap">
        {/* On a desktop the search gives up width before the controls wrap under it: one row at 1280 px. */}
        <Group
          gap="xs"
          wrap="nowrap"
          style={{ flex: menuButton ? '1 1 100%' : '1 1 12rem', minWidth: 0, maxWidth: menuButton ? undefined : SEARCH_BOX_WIDTH_PX }}
        >
          {menuButton}
          <Box style={{ flex: 1, minWidth: 0 }}>
            <GlobalSearch />
          </Box>
        </Group>
        <Group
          gap="sm"
          wrap="wrap"
          justify={menuButton ? 'space-between' : 'flex-end'}
          style={menuButton ? { flex: '1 1 100%' } : undefined}
        >
          <Group gap="xs" wrap="nowrap">
            <Suspense fallback={null}>
              <LazyOfflineWritesMenu />
            </Suspense>
            <HeaderTimer />
            {/* Room for the link (its SUGGESTED_TIME_LINK_WIDTH) while its code loads: nothing moves when it comes. */}
            <Suspense fallback={session.workingUser?.suggestsTime ? <Box w="8.5rem" visibleFrom="sm" /> : null}>
              <LazySuggestedTimeLink />
            </Suspense>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <CreateNewMenu permissions={session.permissions} pages={pages} />
            {!menuButton && (
              <Text size="sm" fw={500} component="span" data-testid="signed-in-user">
                {session.workingUser?.name ?? ''}
              </Text>
            )}
            <Button variant="default" onClick={() => void session.logout()}>
              Logout
            </Button>
          </Group>
        </Group>
      </Group>
    </Box>
  );
}
