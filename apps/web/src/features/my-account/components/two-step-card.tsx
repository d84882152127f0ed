import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { RECOVERY_CODE_COUNT, type TotpSetup, type TwoStepStatus } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useId, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { usePasskeys } from '../api/passkeys.ts';
import { startAuthenticatorSetUp } from '../api/set-up-authenticator.ts';
import { TWO_STEP_STATUS_KEY, useTwoStepStatus } from '../api/two-step-status.ts';

// Loaded when first opened: their code form (react-hook-form) and the recovery-code list would
// otherwise come with My account's first visit (the 250 KB budget).
const NewRecoveryCodesModal = lazy(async () => ({ default: (await import('./new-recovery-codes-modal.tsx')).NewRecoveryCodesModal }));
const SetUpTwoStepModal = lazy(async () => ({ default: (await import('./set-up-two-step-modal.tsx')).SetUpTwoStepModal }));
const TurnOffTwoStepModal = lazy(async () => ({ default: (await import('./turn-off-two-step-modal.tsx')).TurnOffTwoStepModal }));

export const REQUIRED_BY_FIRM_TEXT = 'Your firm requires two-step sign-in';
export const PASSKEY_IS_SECOND_STEP_TEXT = 'On with your passkey — signing in with your password also asks for a passkey.';
/** Few enough left that the user should make a new set before they run out. */
const FEW_RECOVERY_CODES = 3;

const codesLeftText = (count: number) => `On — ${count} recovery ${count === 1 ? 'code' : 'codes'} left`;

function TwoStepOn({ status, onNewCodes, onTurnOff }: { status: TwoStepStatus; onNewCodes: () => void; onTurnOff: () => void }) {
  const reasonId = useId();
  return (
    <Stack gap="sm">
      <Text fw={500}>{codesLeftText(status.recoveryCodesLeft)}</Text>
      <Text size="sm" c="dimmed">
        Signing in asks for your password and a code from your authenticator app. Each of the {RECOVERY_CODE_COUNT} recovery codes signs in
        once if you lose your phone.
      </Text>
      {status.recoveryCodesLeft <= FEW_RECOVERY_CODES && (
        <Text size="sm" c="orange.9">
          You are running out of recovery codes: make new ones.
        </Text>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={onNewCodes}>
          New recovery codes
        </Button>
        <Button
          variant="default"
          color="red"
          onClick={onTurnOff}
          disabled={status.isRequiredByFirm}
          aria-describedby={status.isRequiredByFirm ? reasonId : undefined}
        >
          Turn off
        </Button>
        {status.isRequiredByFirm && (
          <Text size="sm" c="dimmed" id={reasonId}>
            {REQUIRED_BY_FIRM_TEXT}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

type TwoStepOffProps = { status: TwoStepStatus; hasPasskey: boolean; isStarting: boolean; onSetUp: () => void };

function TwoStepOff({ status, hasPasskey, isStarting, onSetUp }: TwoStepOffProps) {
  return (
    <Stack gap="sm">
      {hasPasskey ? (
        <>
          <Text fw={500}>{PASSKEY_IS_SECOND_STEP_TEXT}</Text>
          <Text size="sm" c="dimmed">
            You can also set up an authenticator app, for a 6-digit code from your phone where your passkey is not at hand.
          </Text>
        </>
      ) : (
        <>
          <Text fw={500}>Off — signing in asks only for your password.</Text>
          <Text size="sm" c="dimmed">
            With two-step sign-in, signing in also asks for a 6-digit code from an authenticator app on your phone, so a stolen password
            alone cannot open your account or your clients’ records.
          </Text>
        </>
      )}
      {status.isRequiredByFirm && !hasPasskey && (
        <Text size="sm">{REQUIRED_BY_FIRM_TEXT}: you will set it up at your next sign-in, or now.</Text>
      )}
      <Group>
        <Button onClick={onSetUp} loading={isStarting}>
          Set up two-step sign-in
        </Button>
      </Group>
    </Stack>
  );
}

/** My account's "Two-step sign-in": its status, setting it up, new recovery codes, turning it off. */
export function TwoStepCard() {
  const queryClient = useQueryClient();
  const status = useTwoStepStatus();
  // A passkey is a second step too: with one, signing in with a password asks for it (the Passkeys card).
  const hasPasskey = (usePasskeys().data?.length ?? 0) > 0;
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const [isMakingCodes, setIsMakingCodes] = useState(false);
  const [isTurningOff, setIsTurningOff] = useState(false);

  const refreshStatus = () => void queryClient.invalidateQueries({ queryKey: TWO_STEP_STATUS_KEY });
  const startSetUp = async () => {
    setIsStarting(true);
    try {
      setSetup(await startAuthenticatorSetUp());
    } catch {
      // The API client has shown the error.
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="two-step-title" maw={720}>
      <Title order={2} size="h4" id="two-step-title" mb="sm">
        Two-step sign-in
      </Title>
      {status.isPending ? (
        <LoadingSpinner label="Loading two-step sign-in" />
      ) : !status.data ? (
        <Text c="red.8" role="alert">
          Your two-step sign-in could not be loaded.
        </Text>
      ) : status.data.isOn ? (
        <TwoStepOn status={status.data} onNewCodes={() => setIsMakingCodes(true)} onTurnOff={() => setIsTurningOff(true)} />
      ) : (
        <TwoStepOff status={status.data} hasPasskey={hasPasskey} isStarting={isStarting} onSetUp={() => void startSetUp()} />
      )}
      <OnceOpened isOpen={setup !== null}>
        <SetUpTwoStepModal setup={setup} onClose={() => setSetup(null)} onTurnedOn={refreshStatus} />
      </OnceOpened>
      <OnceOpened isOpen={isMakingCodes}>
        <NewRecoveryCodesModal opened={isMakingCodes} onClose={() => setIsMakingCodes(false)} onCreated={refreshStatus} />
      </OnceOpened>
      <OnceOpened isOpen={isTurningOff}>
        <TurnOffTwoStepModal
          opened={isTurningOff}
          onClose={() => setIsTurningOff(false)}
          onTurnedOff={(next) => queryClient.setQueryData(TWO_STEP_STATUS_KEY, next)}
        />
      </OnceOpened>
    </Card>
  );
}
