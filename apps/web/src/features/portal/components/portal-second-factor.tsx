import { Alert, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import { totpCodeSchema, type PortalSecondFactor, type PortalSession } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { enrolPortalTotp, verifyPortalTotp } from '../api/portal-sign-in.ts';

const codeFormSchema = z.object({ code: totpCodeSchema });

type PortalSecondFactorProps = { slug: string; step: PortalSecondFactor; onSignedIn: (session: PortalSession) => Promise<void> };

/**
 * The authenticator-app step a firm may require after the password or sign-in link: set the app up
 * (QR code or secret) the first time, then the 6-digit code. No session exists before it passes.
 */
export function PortalSecondFactorStep({ slug, step, onSignedIn }: PortalSecondFactorProps) {
  const isEnrolling = step.step === 'enrol';
  const enrolment = useQuery({
    queryKey: ['portal-totp-enrolment', step.challenge],
    queryFn: () => enrolPortalTotp({ slug, challenge: step.challenge }),
    enabled: isEnrolling,
    staleTime: Infinity,
    retry: false,
  });
  const form = useSchemaForm(codeFormSchema, { code: '' });
  const submit = form.onSubmit(async ({ code }) => {
    await onSignedIn(await verifyPortalTotp({ slug, challenge: step.challenge, code }));
  });

  return (
    <Stack gap="sm" aria-label="Two-step sign-in" component="section">
      {isEnrolling ? (
        <>
          <Alert color="blue" title="Set up two-step sign-in">
            Your law firm asks for a code from an authenticator app each time you sign in. Scan this QR code with the app (or type the key
            into it), then enter the 6-digit code it shows.
          </Alert>
          {enrolment.data && (
            <>
              <Image src={enrolment.data.qrCode} alt="QR code for your authenticator app" w={200} h={200} mx="auto" />
              <Text size="sm">
                Key: <Code style={{ wordBreak: 'break-all' }}>{enrolment.data.secret}</Code>
              </Text>
            </>
          )}
        </>
      ) : (
        <>
          <Text size="sm">Enter the 6-digit code from your authenticator app.</Text>
          <Text size="xs" c="dimmed">
            Lost the phone with your authenticator app? Ask your law firm to reset it: you will then set up a new one here.
          </Text>
        </>
      )}
      <form onSubmit={submit} noValidate>
        <TextInput
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          mb="md"
          {...form.inputProps('code')}
        />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting} disabled={isEnrolling && !enrolment.data}>
          Verify
        </SubmitButton>
      </form>
    </Stack>
  );
}
