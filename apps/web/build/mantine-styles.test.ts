import { describe, expect, it } from 'vitest';
import { missingMantineStylesheets } from './mantine-styles.ts';

// Class names from @mantine/core's own stylesheets: Tabs' root and Button's root.
const TABS_ROOT = 'm_89d60db1';
const BUTTON_ROOT = 'm_77c9d27d';

describe('missingMantineStylesheets', () => {
  it('names the stylesheet of a component the chunks use that no emitted stylesheet styles', () => {
    const chunk = `const classes = { root: "${TABS_ROOT}" }; const button = { root: "${BUTTON_ROOT}" };`;
    expect(missingMantineStylesheets([chunk], [`.${BUTTON_ROOT}{cursor:pointer}`])).toEqual(['Tabs.css']);
  });

  it('finds nothing missing when every used component is styled, and ignores classes Mantine does not style', () => {
    const chunk = `const classes = { root: "${TABS_ROOT}", other: "m_00000000" };`;
    expect(missingMantineStylesheets([chunk], [`.${TABS_ROOT}{display:flex}`])).toEqual([]);
  });
});
