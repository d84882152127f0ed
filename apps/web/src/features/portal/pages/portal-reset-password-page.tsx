import { Anchor } from '@mantine/core';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '@matterhorn/shared';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { portalLoginPath } from '../../../lib/redirects.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { portalResetPassword } from '../api/portal-sign-in.ts';
import { PortalCard, usePortalFirmName } from '../components/portal-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

const schema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, 'Confirm your password') })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export function PortalResetPasswordPage() {
  const { company = '', slug = '' } = useParams();
  const navigate = useNavigate();
  const form = useSchemaForm(schema, { password: '', confirmPassword: '' });
  const firmName = usePortalFirmName(company);

  const submit = form.onSubmit(async (data) => {
    await portalResetPassword({ slug: company, token: slug, password: data.password });
    navigate(portalLoginPath(company), { replace: true });
  });

  return (
    <>
      <PageTitle parts={['Reset password', firmName]} />
      <PortalCard
        company={company}
        title="Reset password"
        subtitle={`Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters.`}
      >
        <form onSubmit={submit} noValidate>
          <PasswordField label="New password" autoComplete="new-password" withAsterisk mb="sm" {...form.inputProps('password')} />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            mb="md"
            {...form.inputProps('confirmPassword')}
          />
          <SubmitButton fullWidth isSubmitting={form.isSubmitting}>
            Reset password
          </SubmitButton>
        </form>
        <Anchor component={Link} to={portalLoginPath(company)} size="sm">
          Back to sign in
        </Anchor>
      </PortalCard>
    </>
  );
}
