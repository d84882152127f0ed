import { Anchor, Text, TextInput } from '@mantine/core';
import { signupRequestSchema } from '@matterhorn/shared';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card.tsx';
import { NewPasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { signupFirm } from '../api/auth-api.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export function SignupPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(signupRequestSchema, { firmName: '', name: '', email: '', password: '' });

  const submit = form.onSubmit(async (data) => {
    await signupFirm(data);
    navigate('/verification', { replace: true, state: { email: data.email } });
  });

  return (
    <AuthCard title="Create your firm account" subtitle="Start your free trial. No card needed.">
      <PageTitle
        parts={['Create your firm account']}
        description="Create a Matterhorn account for your law firm and start a free trial of its practice management: no card needed."
      />
      <form onSubmit={submit} noValidate>
        <TextInput label="Firm name" autoComplete="organization" withAsterisk mb="sm" {...form.inputProps('firmName')} />
        <TextInput label="Your name" autoComplete="name" withAsterisk mb="sm" {...form.inputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk mb="sm" {...form.inputProps('email')} />
        <NewPasswordField {...form.inputProps('password')} />
        <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
          Create account
        </SubmitButton>
      </form>
      <Text size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
