import { Avatar, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { personNameSchema, type MyAccount, type MyAccountInput } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { lookupKeys } from '../../../lib/lookups/lookup-keys.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toasts.ts';
import { MY_ACCOUNT_KEY, updateMyAccount, useMyAccount } from '../api/my-account.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { AVATAR_SIDE, PhotoError, PHOTO_MESSAGES, shrinkPhoto } from '../utils/shrink-photo.ts';

export const NOTHING_TO_SAVE = 'Nothing to save: your name and photo are as they were.';

const nameFormSchema = z.object({ name: personNameSchema });

/** The photo shown, chosen or removed; saved with the name. */
function usePhotoChoice(saved: string | null) {
  const [photo, setPhoto] = useState(saved);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);
  const resetChooser = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    setPhotoError(null);
    if (!file) return;
    setIsReading(true);
    try {
      setPhoto(await shrinkPhoto(file));
    } catch (error) {
      setPhotoError(error instanceof PhotoError ? error.message : PHOTO_MESSAGES.unreadable);
    } finally {
      setIsReading(false);
      // The same file may be chosen again (after Remove photo).
      resetChooser.current?.();
    }
  };
  const remove = () => {
    setPhotoError(null);
    setPhoto(null);
  };
  return { photo, photoError, isReading, resetChooser, choose, remove };
}

function ProfileForm({ account }: { account: MyAccount }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const form = useAccountForm(nameFormSchema, { name: account.name });
  const choice = usePhotoChoice(account.photo);
  const uploadRef = useRef<HTMLButtonElement>(null);
  const isPhotoChanged = choice.photo !== account.photo;

  const submit = form.onSubmit(async ({ name }) => {
    if (name === account.name && !isPhotoChanged) {
      toast.information(NOTHING_TO_SAVE);
      return;
    }
    // Left out, the photo stays as saved: an unchanged one is not sent again.
    const body: MyAccountInput = isPhotoChanged ? { name, photo: choice.photo } : { name };
    const saved = await updateMyAccount(body);
    queryClient.setQueryData(MY_ACCOUNT_KEY, saved);
    // The top bar shows the name from the session's profile; pickers show it from the team list.
    void queryClient.invalidateQueries({ queryKey: lookupKeys.teamMembers() });
    await session.reloadProfile();
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="md" align="center" wrap="nowrap">
          <Avatar src={choice.photo} alt="Your photo" name={form.values.name} color="blue" size={80} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <FileButton resetRef={choice.resetChooser} accept="image/*" onChange={(file) => void choice.choose(file)}>
                {(props) => (
                  <Button {...props} ref={uploadRef} variant="default" size="xs" loading={choice.isReading}>
                    Upload photo
                  </Button>
                )}
              </FileButton>
              {choice.photo && (
                <Button
                  variant="default"
                  color="red"
                  size="xs"
                  onClick={() => {
                    choice.remove();
                    // The button goes with the photo: the keyboard's place moves to Upload photo.
                    uploadRef.current?.focus();
                  }}
                >
                  Remove photo
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {isPhotoChanged
                ? 'Save to keep this change.'
                : `Any photo: its centre is kept as a ${AVATAR_SIDE} × ${AVATAR_SIDE} square. Your initials show without one.`}
            </Text>
            {choice.photoError && (
              <Text size="sm" c="red.8" role="alert">
                {choice.photoError}
              </Text>
            )}
          </Stack>
        </Group>
        <TextInput label="Name" autoComplete="name" withAsterisk maw={420} {...form.inputProps('name')} />
        <Group>
          <SubmitButton isSubmitting={form.isSubmitting} disabled={choice.isReading} isAllowedWhenSubscriptionEnded>
            Save profile
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** My account's "Profile": the name the firm sees and the photo beside it. */
export function ProfileCard() {
  const account = useMyAccount();
  return (
    <Card withBorder component="section" aria-labelledby="profile-title" maw={720}>
      <Title order={2} size="h4" id="profile-title" mb="sm">
        Profile
      </Title>
      {account.isPending ? (
        <LoadingSpinner label="Loading your profile" />
      ) : !account.data ? (
        <Text c="red.8" role="alert">
          Your profile could not be loaded.
        </Text>
      ) : (
        <ProfileForm account={account.data} />
      )}
    </Card>
  );
}
