import { Box, Button, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { activeItemOf, MAIN_NAV_ITEMS, type SecondaryNav } from './nav-items.ts';

type SideNavProps = {
  isExpanded: boolean;
  onToggle: () => void;
  /** Shown when the top bar (with its Logout) is not visible. */
  onLogout?: () => void;
};

function initialsOf(label: string): string {
  return label
    .split(' ')
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2);
}

export function SideNav({ isExpanded, onToggle, onLogout }: SideNavProps) {
  const { pathname } = useLocation();
  const active = activeItemOf(MAIN_NAV_ITEMS, pathname);
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      w={isExpanded ? 220 : 64}
      p="xs"
      style={{ borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0, minHeight: '100vh' }}
    >
      <Stack gap={4}>
        <Text fw={700} size="lg" px="xs" py="sm">
          {isExpanded ? 'Matterhorn' : 'M'}
        </Text>
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={isExpanded}
          aria-controls="main-navigation-list"
          aria-label={isExpanded ? 'Collapse navigation' : 'Expand navigation'}
          px="xs"
          py={4}
        >
          <Text size="sm" c="dimmed">
            {isExpanded ? '« Collapse' : '»'}
          </Text>
        </UnstyledButton>
        <Stack gap={2} id="main-navigation-list">
          {MAIN_NAV_ITEMS.map((item) => (
            <NavLink
              key={item.label}
              component={Link}
              to={item.to}
              label={isExpanded ? item.label : initialsOf(item.label)}
              aria-label={isExpanded ? undefined : item.label}
              active={active?.label === item.label}
              aria-current={active?.label === item.label ? 'page' : undefined}
            />
          ))}
        </Stack>
        {onLogout && (
          <Button variant="subtle" onClick={onLogout} mt="md">
            Logout
          </Button>
        )}
      </Stack>
    </Box>
  );
}

export function SecondarySideNav({ nav }: { nav: SecondaryNav }) {
  const { pathname } = useLocation();
  const active = activeItemOf(nav.items, pathname);
  return (
    <Box
      component="nav"
      aria-label={`${nav.title} navigation`}
      w={200}
      p="xs"
      bg="gray.0"
      style={{ borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}
    >
      <Text fw={600} px="xs" py="sm">
        {nav.title}
      </Text>
      {nav.items.map((item) => (
        <NavLink
          key={item.label}
          component={Link}
          to={item.to}
          label={item.label}
          active={active?.label === item.label}
          aria-current={active?.label === item.label ? 'page' : undefined}
        />
      ))}
    </Box>
  );
}
