import { Alert, Anchor, Text, TextInput } from '@mantine/core';
import { newPasswordSchema } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { NewPasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { getInvitation, joinTeam } from '../api/auth-api.ts';
import { PageTitle } from '../../../components/page-title.tsx';

const joinFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  password: newPasswordSchema,
});

export function JoinTeamPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const invitation = useQuery({ queryKey: ['invitation', id], queryFn: () => getInvitation(id) });
  const form = useSchemaForm(joinFormSchema, { name: '', password: '' });

  const submit = form.onSubmit(async (data) => {
    const firmSession = await joinTeam({ invitationId: id, ...data });
    await session.signInFirm(firmSession);
    navigate('/dashboard', { replace: true });
  });

  if (invitation.isPending) {
    return (
      <AuthCard title="Join your team">
        <PageTitle parts={['Join your team']} />
        <LoadingSpinner label="Loading invitation" />
      </AuthCard>
    );
  }

  if (!invitation.data) {
    return (
      <AuthCard title="Join your team">
        <PageTitle parts={['Join your team']} />
        <Alert color="red" role="alert">
          This invitation is invalid or has expired. Ask your firm administrator to send a new one.
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          Go to sign in
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={`Join ${invitation.data.firmName}`}
      subtitle={`You were invited as ${invitation.data.roleName} (${invitation.data.email}).`}
    >
      <PageTitle parts={[`Join ${invitation.data.firmName}`]} />
      <form onSubmit={submit} noValidate>
        <TextInput label="Your name" autoComplete="name" withAsterisk mb="sm" {...form.inputProps('name')} />
        <NewPasswordField {...form.inputProps('password')} />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
          Join team
        </SubmitButton>
      </form>
      <Text size="xs" c="dimmed">
        You will sign in with {invitation.data.email}.
      </Text>
    </AuthCard>
  );
}
