import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** The phone's menu: the side navigation in a drawer (loaded when first opened, so a desktop never downloads it). */
export function PhoneMenuDrawer({ isOpen, onClose, children }: { isOpen: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer opened={isOpen} onClose={onClose} title="Matterhorn" size={280} padding="xs" id="main-navigation-drawer">
      {children}
    </Drawer>
  );
}
