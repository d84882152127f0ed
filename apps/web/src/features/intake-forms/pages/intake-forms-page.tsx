import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { hasPermissions } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListResults } from '../../../components/list-kit/list-results.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ActionsHeader, RowActions } from '../../../components/row-actions.tsx';
import { useListParams } from '../../../components/list-kit/use-list-params.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { intakeFormListQuery } from '../api/intake-forms-api.ts';
import { useIntakeFormDelete } from '../hooks/use-intake-form-delete.tsx';

const FORM_LIST = { filters: {}, sortColumns: ['updatedAt'], defaultSort: { column: 'updatedAt', type: 'desc' } } as const;

export const INTAKE_FORMS_TEXT = {
  title: 'Intake forms',
  intro: 'Forms prospective clients fill in on your website or at their public address. Each one sent becomes a lead.',
  newForm: 'New intake form',
} as const;

/** /leads/intake-forms: the firm's forms, published or draft, with how many leads each brought in. */
export function IntakeFormsPage() {
  const session = useSession();
  const list = useListParams(FORM_LIST);
  const forms = useQuery(intakeFormListQuery(list.page, list.size));
  const canEdit = hasPermissions(session.permissions, ['clientInfo.edit']);
  const { askToDelete, deleteModal } = useIntakeFormDelete(() => {
    // The last form of a later page gone: show the page before.
    if (forms.data?.data.length === 1 && list.page > 1) list.setPage(list.page - 1);
  });
  return (
    <Stack gap="md">
      <PageTitle parts={[INTAKE_FORMS_TEXT.title, 'Leads']} />
      <Anchor component={Link} to="/leads" size="sm">
        Back to leads
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{INTAKE_FORMS_TEXT.title}</Title>
          <Text size="sm">{INTAKE_FORMS_TEXT.intro}</Text>
        </Stack>
        {canEdit && (
          <Button component={Link} to="/leads/intake-forms/new">
            {INTAKE_FORMS_TEXT.newForm}
          </Button>
        )}
      </Group>
      <ListResults
        result={forms}
        page={list.page}
        size={list.size}
        noun={{ one: 'intake form', many: 'intake forms' }}
        countTestId="intake-form-count"
        pagerLabel="Intake form pages"
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Intake forms" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Public address</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Assignee</Table.Th>
                  <Table.Th>Leads</Table.Th>
                  {canEdit && <ActionsHeader />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((form) => (
                  <Table.Tr key={form.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/leads/intake-forms/${form.id}`} fw={500}>
                        {form.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{form.publicPath ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={form.isPublished ? 'teal' : 'gray'} variant="light">
                        {form.isPublished ? 'Published' : 'Draft'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{form.assigneeName}</Table.Td>
                    <Table.Td>{form.submissionCount.toLocaleString('en-US')}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <RowActions name={form.name} onDelete={() => askToDelete(form)} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListResults>
      {deleteModal}
    </Stack>
  );
}
