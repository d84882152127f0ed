import { Button, Stack, Text } from '@mantine/core';
import type { FirmSession } from '@matterhorn/shared';
import { useEffect } from 'react';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in.ts';
import { PasskeyNoticeText } from './passkey-notice.tsx';

type PasskeySecondStepProps = {
  /** The login answer's second-step challenge: the passkey answers it. */
  challenge: string;
  onSignedIn: (session: FirmSession) => Promise<void>;
  onExpired: (message: string) => void;
};

/** Step 'passkey': the member's second step is a passkey only, so it is all this step asks for. */
export function PasskeyStep({ challenge, onSignedIn, onExpired }: PasskeySecondStepProps) {
  const passkey = usePasskeySignIn({ onSignedIn, onExpired });
  const { buttonRef } = passkey;
  useEffect(() => {
    buttonRef.current?.focus();
  }, [buttonRef]);
  return (
    <Stack gap="sm">
      <Text size="sm">Use the passkey you added to Matterhorn: your fingerprint, face or screen lock confirms it is you.</Text>
      <Button ref={buttonRef} fullWidth loading={passkey.isSigningIn} onClick={() => void passkey.signIn(challenge)}>
        Use your passkey
      </Button>
      <PasskeyNoticeText notice={passkey.notice} />
    </Stack>
  );
}

/** Step 'verify' for a member who also has a passkey: it may stand in for the app's code. */
export function PasskeyInstead({ challenge, onSignedIn, onExpired }: PasskeySecondStepProps) {
  const passkey = usePasskeySignIn({ onSignedIn, onExpired });
  return (
    <Stack gap="xs">
      <Button
        ref={passkey.buttonRef}
        variant="default"
        fullWidth
        loading={passkey.isSigningIn}
        onClick={() => void passkey.signIn(challenge)}
      >
        Use a passkey instead
      </Button>
      <PasskeyNoticeText notice={passkey.notice} />
    </Stack>
  );
}
