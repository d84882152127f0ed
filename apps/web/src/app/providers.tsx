import {
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  MantineProvider,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeColors,
  type VariantColorsResolver,
} from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ReactNode } from 'react';

const ToastHost = lazy(async () => ({ default: (await import('./toast-host.tsx')).ToastHost }));

/** The toasts' host and its transitions load with the first toast (it waits in the store meanwhile), not with every page. */
function LazyToastHost() {
  const hasToasts = useNotifications().notifications.length > 0;
  const [isNeeded, setIsNeeded] = useState(hasToasts);
  if (hasToasts && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/**
 * Shades 8 and 9 of Mantine's lighter hues, darkened just enough for text to pass WCAG AA (4.7:1
 * here, a margin over 4.5): shade 8 with white (filled buttons, coloured text), shade 9 on shade 1
 * (light badges and alerts). Mantine's own give 2.5–4.4:1 for green, teal, lime, yellow, orange.
 */
const AA_DARK_SHADES: Record<string, readonly [string, string]> = {
  red: ['#d72f2f', '#c12828'],
  cyan: ['#0b7d90', '#0b7285'],
  teal: ['#08835e', '#087756'],
  green: ['#278238', '#257735'],
  lime: ['#4e800b', '#48730a'],
  yellow: ['#a86200', '#a15300'],
  orange: ['#c34b0a', '#b63c0d'],
};

function withAaDarkShades(): MantineThemeColors {
  const colors = { ...DEFAULT_THEME.colors };
  for (const [name, [shade8, shade9]] of Object.entries(AA_DARK_SHADES)) {
    const palette = [...DEFAULT_THEME.colors[name]!];
    palette[8] = shade8;
    palette[9] = shade9;
    colors[name] = palette as unknown as MantineColorsTuple;
  }
  return colors;
}

/**
 * A light badge, button or alert is a pale tint of its hue with text in shade 9, whatever shade it is
 * given: Mantine fills `variant="light" color="green.9"` with shade 9 itself and writes on it in the
 * hue's light text colour, shade 9 too here (axe: 1:1, the portal's Open badge), so the shade is dropped.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  if (input.variant === 'light' && input.color) {
    const parsed = parseThemeColor({ color: input.color, theme: input.theme });
    if (parsed.isThemeColor && parsed.shade !== undefined) return defaultVariantColorsResolver({ ...input, color: parsed.color });
  }
  return defaultVariantColorsResolver(input);
};

/**
 * Colours that pass WCAG AA (4.5:1 for text) everywhere, set once here rather than per component:
 * Mantine's default shade 6 of blue gives 3.55:1 with white, its dimmed grey 3.32:1 on white, its
 * error red 3.3:1. Shade 8 for filled and outline colours, and black text on light fills.
 */
export const theme = createTheme({
  colors: withAaDarkShades(),
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  variantColorResolver,
  defaultRadius: 'md',
  // Modals, menus, drawers and toasts appear without sliding or fading for those who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    // Mantine keeps every closed list rendered (display: none) and positioned: on a page of filters that
    // is every client, matter and fee earner drawn before the page first paints. Lists render when opened.
    // A plain object, not Combobox.extend: importing Combobox here would put it in the sign-in page's code.
    Combobox: { defaultProps: { keepMounted: false } },
    // A text field says so (type="text"): Mantine leaves the type out, and checkers that read the
    // attribute (HTML_CodeSniffer) then refuse autocomplete tokens such as "organization" on it.
    TextInput: { defaultProps: { type: 'text' } },
    // A status reads whole ("Approved", not "Appr…"): a badge in a crowded table row or on a phone
    // keeps its word's width and the row wraps or scrolls instead.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // The colour field's eye-dropper button is an icon without a name in Mantine (axe: button-name).
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
    // A dialog's title bar is part of the dialog, not the page's banner: Mantine draws it as <header>,
    // which inside role="dialog" is one more banner landmark (axe: landmark-no-duplicate-banner).
    // Its ✕ is named wherever a modal does not name it itself (axe: button-name). Plain objects, as Combobox's.
    // A menu holds only its items: Mantine's focus placeholder (a focusable role="presentation" div)
    // counts as a plain child of role="menu" (axe: aria-required-children, the Create New menu). The
    // open menu focuses its first item instead, as the Timers menu already did.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A wide table scrolls sideways inside its frame on a phone: the frame takes the focus, so the
    // keyboard can scroll it too (axe: scrollable-region-focusable, the public invoice at 390 px).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    ModalHeader: { defaultProps: { component: 'div' } },
    ModalCloseButton: { defaultProps: { 'aria-label': 'Close' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    DrawerCloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // A toast's message under its title is grey-6 (3.3:1) in Mantine's CSS; its X has no name.
    // A plain object, as Combobox's: Notification.extend put the toast's code in the sign-in page's.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders are text too (axe): Mantine's gray-5 gives 2.4:1; this grey gives 4.7:1 on white and still reads as a hint.
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
    // Light buttons and badges write their text in shade 6 on a pale tint (under 4.5:1 for most
    // hues, which axe found on the timer's buttons); shade 9 on that tint passes, as on shade 1 above.
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).map((name) => [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-9)`]),
    ),
  },
  dark: {},
});

export function AppProviders({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <LazyToastHost />
      {children}
    </MantineProvider>
  );
}
