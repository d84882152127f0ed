import { Drawer, MantineProvider, Modal } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './providers.tsx';

// Issue 64: the close ✕ of the Log a call and reminder preview modals had no name, and 13 dialogs
// carried a second banner landmark (Mantine draws a modal's title bar as <header>).
describe('modals and drawers', () => {
  it('name their ✕ and add no banner landmark, whatever the feature passes', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened onClose={() => undefined} title="Log a call">
          Body
        </Modal>
        <Drawer opened onClose={() => undefined} title="Menu">
          Links
        </Drawer>
      </MantineProvider>,
    );
    for (const name of ['Log a call', 'Menu']) {
      const dialog = await screen.findByRole('dialog', { name });
      expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('banner')).not.toBeInTheDocument();
    }
  });
});
