import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export type AppModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | string | number;
  /** False when the content handles Escape itself (e.g. to close only an open picker inside it). */
  closeOnEscape?: boolean;
};

/** The one modal look of the app; Mantine traps focus and restores it on close. */
export function AppModal({ opened, onClose, title, children, size = 'md', closeOnEscape = true }: AppModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      closeOnEscape={closeOnEscape}
      trapFocus
      returnFocus
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {children}
    </Modal>
  );
}
