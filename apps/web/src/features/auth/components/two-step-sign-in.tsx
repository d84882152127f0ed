import { Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  REMEMBERED_BROWSER_DAYS,
  TWO_STEP_MESSAGES,
  twoStepCodeSchema,
  type FirmSession,
  type TotpSetup,
  type TwoStepChallenge,
  type TwoStepSession,
} from '@matterhorn/shared';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { AuthenticatorKey } from '../../../components/authenticator-key.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { enrolAuthenticator, verifyTwoStep } from '../api/two-step-sign-in.ts';
import { PasskeyInstead, PasskeyStep } from './passkey-second-step.tsx';

const codeFormSchema = z.object({ code: twoStepCodeSchema, rememberBrowser: z.boolean() });

type TwoStepSignInProps = {
  challenge: TwoStepChallenge;
  /** Continues as a password-only sign-in does: the session is stored and the user lands. */
  onSignedIn: (session: FirmSession) => Promise<void>;
  /** The challenge ran out (or could not be used): back to the password, with why. */
  onExpired: (message: string) => void;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : TWO_STEP_MESSAGES.expired);

/**
 * The second step of a firm sign-in (issue 39), loaded only when the password earns a challenge.
 * 'verify': the app's code or a recovery code, or a passkey when the user has one. 'enrol': the firm
 * requires two-step sign-in and the user has no app yet, so the app is set up here first and its
 * recovery codes are shown once. 'passkey': the user's second step is a passkey only.
 */
export function TwoStepSignIn({ challenge, onSignedIn, onExpired }: TwoStepSignInProps) {
  const isEnrolling = challenge.step === 'enrol';
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [enrolled, setEnrolled] = useState<{ session: FirmSession; recoveryCodes: string[] } | null>(null);
  const [isContinuing, setIsContinuing] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const form = useSchemaForm(codeFormSchema, { code: '', rememberBrowser: false });

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!isEnrolling) return;
    let isCurrent = true;
    enrolAuthenticator(challenge.challenge).then(
      (answer) => {
        if (isCurrent) setSetup(answer);
      },
      (error: unknown) => {
        if (isCurrent) onExpired(messageOf(error));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [challenge.challenge, isEnrolling, onExpired]);

  const submit = form.onSubmit(async ({ code, rememberBrowser }) => {
    let answer: TwoStepSession;
    try {
      answer = await verifyTwoStep({ challenge: challenge.challenge, code, rememberBrowser });
    } catch (error) {
      // The API client has shown the message; a wrong code also shows under the field.
      if (messageOf(error) === TWO_STEP_MESSAGES.expired) onExpired(TWO_STEP_MESSAGES.expired);
      else if (error instanceof ApiError) setCodeError(error.message);
      return;
    }
    const { recoveryCodes, ...session } = answer;
    if (recoveryCodes && recoveryCodes.length > 0) setEnrolled({ session, recoveryCodes });
    else await onSignedIn(session);
  });

  const finish = async () => {
    if (!enrolled) return;
    setIsContinuing(true);
    try {
      await onSignedIn(enrolled.session);
    } finally {
      setIsContinuing(false);
    }
  };

  if (challenge.step === 'passkey') {
    return <PasskeyStep challenge={challenge.challenge} onSignedIn={onSignedIn} onExpired={onExpired} />;
  }

  if (enrolled) {
    return (
      <Stack gap="md" component="section" aria-labelledby="recovery-codes-title">
        <Title order={2} size="h4" id="recovery-codes-title">
          Two-step sign-in is on
        </Title>
        <RecoveryCodes codes={enrolled.recoveryCodes} />
        <Button fullWidth loading={isContinuing} onClick={() => void finish()}>
          Continue
        </Button>
      </Stack>
    );
  }

  const codeInput = form.inputProps('code');
  return (
    <Stack gap="sm">
      {isEnrolling ? (
        <>
          <Title order={2} size="h4">
            Your firm requires two-step sign-in
          </Title>
          <Text size="sm">
            Scan this QR code with an authenticator app on your phone (or type the key into it), then enter the 6-digit code the app shows.
          </Text>
          {setup ? <AuthenticatorKey setup={setup} /> : <LoadingSpinner label="Setting up your authenticator app" />}
        </>
      ) : (
        <Text size="sm">
          {challenge.hasPasskey
            ? 'Enter the 6-digit code from your authenticator app, or use one of your passkeys.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <TextInput
          ref={codeRef}
          label="Authentication code"
          description={
            isEnrolling
              ? 'The 6-digit code your authenticator app shows now.'
              : 'Lost your phone? Enter one of your recovery codes instead.'
          }
          inputMode="numeric"
          autoComplete="one-time-code"
          withAsterisk
          mb="sm"
          {...codeInput}
          onChange={(event) => {
            setCodeError(null);
            codeInput.onChange(event);
          }}
          error={codeError ?? codeInput.error}
        />
        <Checkbox
          label={`Remember this browser for ${REMEMBERED_BROWSER_DAYS} days`}
          description="Only on a computer no one else uses."
          checked={form.values.rememberBrowser}
          onChange={(event) => form.setValue('rememberBrowser', event.currentTarget.checked)}
          mb="md"
        />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting} disabled={isEnrolling && !setup}>
          Verify
        </SubmitButton>
      </form>
      {challenge.step === 'verify' && challenge.hasPasskey && (
        <PasskeyInstead challenge={challenge.challenge} onSignedIn={onSignedIn} onExpired={onExpired} />
      )}
    </Stack>
  );
}
