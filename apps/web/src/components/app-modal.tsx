import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export type AppModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | string | number;
};

/** The one modal look of the app; Mantine traps focus and restores it on close. */
export function AppModal({ opened, onClose, title, children, size = 'md' }: AppModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      trapFocus
      returnFocus
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {children}
    </Modal>
  );
}
