import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { intakeFormQuery } from '../api/intake-forms-api.ts';
import { IntakeFormBuilder } from '../components/intake-form-builder.tsx';
import { useIntakeFormDelete } from '../hooks/use-intake-form-delete.tsx';
import { formValuesOf, newFormValues } from '../utils/builder-fields.ts';

export const INTAKE_FORM_NOT_FOUND = 'That intake form could not be found. It may have been deleted.';

function BackLink() {
  return (
    <Anchor component={Link} to="/leads/intake-forms" size="sm">
      Back to intake forms
    </Anchor>
  );
}

/** /leads/intake-forms/new and /leads/intake-forms/:id: the form builder, its preview, publishing and embed snippet. */
export function IntakeFormPage() {
  const { id = 'new' } = useParams();
  const session = useSession();
  const isNew = id === 'new';
  const form = useQuery({ ...intakeFormQuery(id), enabled: !isNew });
  const navigate = useNavigate();
  const { askToDelete, deleteModal } = useIntakeFormDelete(() => void navigate('/leads/intake-forms'));
  const canEdit = hasPermissions(session.permissions, ['clientInfo.edit']);

  if (isNew)
    return (
      <Stack gap="md">
        <PageTitle parts={['New intake form', 'Leads']} />
        <BackLink />
        <Title order={1}>New intake form</Title>
        <IntakeFormBuilder saved={null} initialValues={newFormValues(session.workingUser?.profileId ?? '')} />
      </Stack>
    );
  if (form.isPending) return <LoadingSpinner label="Loading the form" />;
  if (!form.data)
    return (
      <Stack gap="sm">
        <PageTitle parts={['Intake form', 'Leads']} />
        <BackLink />
        <Title order={1}>Intake form</Title>
        <Text role="status">{INTAKE_FORM_NOT_FOUND}</Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageTitle parts={[form.data.name, 'Intake forms']} />
      <BackLink />
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {form.data.name}
        </Title>
        {canEdit && (
          <Button color="red" variant="light" onClick={() => askToDelete(form.data)}>
            Delete
          </Button>
        )}
      </Group>
      {/* Keyed by the form: another form's page starts from its own saved values. */}
      <IntakeFormBuilder key={form.data.id} saved={form.data} initialValues={formValuesOf(form.data)} />
      {deleteModal}
    </Stack>
  );
}
