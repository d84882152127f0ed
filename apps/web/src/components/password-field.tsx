import { PASSWORD_MIN_LENGTH } from '@matterhorn/shared';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose show/hide toggle is named without the word "password", so the field
 * is the only control found by its label (screen readers and tests alike).
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }} />;
}

/** The field for choosing a password at sign-up or on joining, with the length rule shown. */
export function NewPasswordField(props: PasswordInputProps) {
  return (
    <PasswordField
      label="Password"
      autoComplete="new-password"
      description={`At least ${PASSWORD_MIN_LENGTH} characters`}
      withAsterisk
      mb="md"
      {...props}
    />
  );
}
