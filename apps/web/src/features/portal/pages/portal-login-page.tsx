import { Anchor, Group, TextInput } from '@mantine/core';
import { loginRequestSchema } from '@matterhorn/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { portalOverviewPath } from '../../../lib/redirects.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { portalLogin } from '../api/portal-api.ts';
import { PortalCard } from '../components/portal-card.tsx';

export function PortalLoginPage() {
  const { company = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const form = useSchemaForm(loginRequestSchema, { email: '', password: '' });

  const submit = form.onSubmit(async (data) => {
    const portalSession = await portalLogin({ slug: company, ...data });
    await session.signInClient(portalSession);
    navigate(portalOverviewPath(portalSession.company, portalSession.clientId), { replace: true });
  });

  return (
    <PortalCard company={company} title="Client portal sign in">
      <form onSubmit={submit} noValidate>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="sm" {...form.inputProps('email')} />
        <PasswordField label="Password" autoComplete="current-password" withAsterisk mb="md" {...form.inputProps('password')} />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
          Sign in
        </SubmitButton>
      </form>
      <Group justify="space-between">
        <Anchor component={Link} to={`/portal/${company}/forgot-password`} size="sm">
          Forgot password?
        </Anchor>
        <Anchor component={Link} to={`/portal/${company}/signup`} size="sm">
          Create an account
        </Anchor>
      </Group>
    </PortalCard>
  );
}
