import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** The signer's agreement to sign electronically, asked once before they can adopt a signature. */
export function ConsentPanel({ consentText, onAgree }: { consentText: string; onAgree: () => Promise<void> }) {
  const [isTicked, setIsTicked] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const agree = async () => {
    setIsSubmitting(true);
    try {
      await onAgree();
    } catch {
      // The API client has shown the error.
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm">{consentText}</Text>
      <Checkbox label="I agree to sign electronically" checked={isTicked} onChange={(event) => setIsTicked(event.currentTarget.checked)} />
      <Button onClick={() => void agree()} disabled={!isTicked} loading={isSubmitting} w="fit-content">
        Continue
      </Button>
    </Stack>
  );
}
