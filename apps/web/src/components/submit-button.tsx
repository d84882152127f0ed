import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type SubmitButtonProps = Omit<ButtonProps, 'variant' | 'loading'> & {
  children: ReactNode;
  isSubmitting?: boolean;
  disabled?: boolean;
  /** 'secondary' is the outlined look with a blue spinner (SPEC.md §2). */
  variant?: 'primary' | 'secondary';
  type?: 'submit' | 'button' | 'reset';
  onClick?: () => void;
  'aria-label'?: string;
};

/** Primary by default; disabled while disabled or submitting; a spinner replaces the content while submitting. */
export function SubmitButton({
  children,
  isSubmitting = false,
  disabled = false,
  variant = 'primary',
  type = 'submit',
  ...rest
}: SubmitButtonProps) {
  return (
    <Button
      {...rest}
      type={type}
      variant={variant === 'secondary' ? 'default' : 'filled'}
      disabled={disabled || isSubmitting}
      loading={isSubmitting}
      loaderProps={{ color: variant === 'secondary' ? 'blue' : 'white', type: 'oval' }}
      data-variant-kind={variant}
    >
      {children}
    </Button>
  );
}
