import { Button, type ButtonProps } from '@mantine/core';
import { SUBSCRIPTION_ENDED_MESSAGE } from '@matterhorn/shared';
import { useId, type ReactNode } from 'react';
import { useIsSubscriptionEnded } from './subscription-ended.ts';

export type SubmitButtonProps = Omit<ButtonProps, 'variant' | 'loading'> & {
  children: ReactNode;
  isSubmitting?: boolean;
  disabled?: boolean;
  /** 'secondary' is the outlined look with a blue spinner (SPEC.md §2). */
  variant?: 'primary' | 'secondary';
  type?: 'submit' | 'button' | 'reset';
  onClick?: () => void;
  'aria-label'?: string;
  /** Stays enabled when the firm's subscription has ended: choosing and paying for a plan. */
  isAllowedWhenSubscriptionEnded?: boolean;
};

/** Read by screen readers, not shown (the plan banner shows the words). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Primary by default; disabled while disabled or submitting; a spinner replaces the content while
 * submitting. While the firm's subscription has ended it is disabled and says why (the server's words).
 */
export function SubmitButton({
  children,
  isSubmitting = false,
  disabled = false,
  variant = 'primary',
  type = 'submit',
  isAllowedWhenSubscriptionEnded = false,
  ...rest
}: SubmitButtonProps) {
  const isHeld = useIsSubscriptionEnded() && !isAllowedWhenSubscriptionEnded;
  const reasonId = useId();
  const button = (
    <Button
      {...rest}
      type={type}
      variant={variant === 'secondary' ? 'default' : 'filled'}
      disabled={disabled || isSubmitting || isHeld}
      loading={isSubmitting}
      loaderProps={{ color: variant === 'secondary' ? 'blue' : 'white', type: 'oval' }}
      data-variant-kind={variant}
      {...(isHeld ? { 'aria-describedby': reasonId, title: SUBSCRIPTION_ENDED_MESSAGE } : {})}
    >
      {children}
    </Button>
  );
  if (!isHeld) return button;
  return (
    <>
      {button}
      <span id={reasonId} style={VISUALLY_HIDDEN}>
        {SUBSCRIPTION_ENDED_MESSAGE}
      </span>
    </>
  );
}
