import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose show/hide toggle is named without the word "password", so the field
 * is the only control found by its label (screen readers and tests alike).
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }} />;
}
