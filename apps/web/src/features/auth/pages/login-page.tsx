import { Anchor, Group, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useDeferredSchemaForm } from '../../../lib/forms/use-deferred-schema-form.ts';
import { loginFirm } from '../api/auth-api.ts';
import { firmLandingPath } from '../firm-landing.ts';

const loadLoginSchema = async () => (await import('@matterhorn/shared/auth/auth.schemas')).loginRequestSchema;

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useDeferredSchemaForm(loadLoginSchema, { email: '', password: '' });

  const submit = form.onSubmit(async (data) => {
    const firmSession = await loginFirm(data);
    await session.signInFirm(firmSession);
    navigate(firmLandingPath(firmSession, searchParams), { replace: true });
  });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to your firm.">
      <form onSubmit={submit} noValidate>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="sm" {...form.inputProps('email')} />
        <PasswordField label="Password" autoComplete="current-password" withAsterisk mb="md" {...form.inputProps('password')} />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
          Sign in
        </SubmitButton>
      </form>
      <Group justify="space-between">
        <Anchor component={Link} to="/forgot-password" size="sm">
          Forgot password?
        </Anchor>
        <Anchor component={Link} to="/signup" size="sm">
          Create an account
        </Anchor>
      </Group>
    </AuthCard>
  );
}
