import { Modal } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export type AppModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | string | number;
  /** False when the content handles Escape itself (e.g. to close only an open picker inside it). */
  closeOnEscape?: boolean;
  /** Fills the screen (a phone), instead of floating over the page. */
  fullScreen?: boolean;
};

/**
 * Mantine returns focus only when `opened` turns false; a modal that is mounted already open and
 * then unmounted (the time-entry popup) would leave focus on the page's body. The control that had
 * focus when it appeared gets it back.
 */
function useFocusReturnOnUnmount() {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const isMounted = useRef(false);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      // After the modal's own clean-up; and not when React only re-runs effects (StrictMode).
      window.setTimeout(() => {
        if (isMounted.current || !(opener instanceof HTMLElement) || !opener.isConnected) return;
        const focused = document.activeElement;
        if (focused === null || focused === document.body) opener.focus({ preventScroll: true });
      }, 0);
    };
  }, [opener]);
}

/** The one modal look of the app; Mantine traps focus and restores it on close. */
export function AppModal({ opened, onClose, title, children, size = 'md', closeOnEscape = true, fullScreen = false }: AppModalProps) {
  useFocusReturnOnUnmount();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={fullScreen}
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
