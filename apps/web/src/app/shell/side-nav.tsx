import { Box, Button, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { activeItemOf, type MainNavItem, type SecondaryNav } from './nav-items.ts';

const NavTooltip = lazy(async () => ({ default: (await import('./nav-tooltip.tsx')).NavTooltip }));

type SideNavProps = {
  /** The main items the user may open. */
  items: readonly MainNavItem[];
  isExpanded: boolean;
  /** Absent in the phone drawer, which is always expanded. */
  onToggle?: () => void;
  /** Shown when the top bar (with its Logout) is not visible. */
  onLogout?: () => void;
  /** Called after a link is followed (the phone drawer closes). */
  onNavigate?: () => void;
  /** In the phone drawer the menu fills it rather than keeping its own width and border. */
  isInDrawer?: boolean;
};

export function SideNav({ items, isExpanded, onToggle, onLogout, onNavigate, isInDrawer = false }: SideNavProps) {
  const { pathname } = useLocation();
  const active = activeItemOf(items, pathname);
  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      w={isInDrawer ? undefined : isExpanded ? 220 : 64}
      p="xs"
      style={isInDrawer ? undefined : { borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0, minHeight: '100vh' }}
    >
      <Stack gap={4}>
        {!isInDrawer && (
          <Text fw={700} size="lg" px="xs" py="sm">
            {isExpanded ? 'Matterhorn' : 'M'}
          </Text>
        )}
        {onToggle && (
          <UnstyledButton
            onClick={onToggle}
            aria-expanded={isExpanded}
            aria-controls="main-navigation-list"
            aria-label={isExpanded ? 'Collapse navigation' : 'Expand navigation'}
            px="xs"
            py={4}
          >
            <Text size="sm" c="dimmed" component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              {isExpanded ? (
                <>
                  <IconChevronsLeft size={18} aria-hidden /> Collapse
                </>
              ) : (
                <IconChevronsRight size={18} aria-hidden />
              )}
            </Text>
          </UnstyledButton>
        )}
        <Stack gap={2} id="main-navigation-list">
          {items.map((item) => {
            const isActive = active?.label === item.label;
            const Icon = item.icon;
            const link = (
              <NavLink
                key={item.label}
                component={Link}
                to={item.to}
                onClick={onNavigate}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                label={isExpanded ? item.label : undefined}
                aria-label={isExpanded ? undefined : item.label}
                active={isActive}
                aria-current={isActive ? 'page' : undefined}
              />
            );
            return isExpanded ? (
              link
            ) : (
              <Suspense key={item.label} fallback={link}>
                <NavTooltip label={item.label}>{link}</NavTooltip>
              </Suspense>
            );
          })}
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

export function SecondarySideNav({
  nav,
  onNavigate,
  isInDrawer = false,
}: {
  nav: SecondaryNav;
  onNavigate?: () => void;
  isInDrawer?: boolean;
}) {
  const { pathname, search } = useLocation();
  const active = activeItemOf(nav.items, pathname, search);
  return (
    <Box
      component="nav"
      aria-label={`${nav.title} navigation`}
      w={isInDrawer ? undefined : 200}
      p="xs"
      bg="gray.0"
      style={isInDrawer ? undefined : { borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}
    >
      <Text fw={600} px="xs" py="sm">
        {nav.title}
      </Text>
      {nav.items.map((item) => (
        <NavLink
          key={item.label}
          component={Link}
          to={item.to}
          onClick={onNavigate}
          label={item.label}
          active={active?.label === item.label}
          aria-current={active?.label === item.label ? 'page' : undefined}
        />
      ))}
    </Box>
  );
}
