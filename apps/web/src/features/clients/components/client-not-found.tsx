import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';

/** A missing, deleted or other firm's client reads the same: not found. */
export function ClientNotFound({ error }: { error: unknown }) {
  const isMissing = !(error instanceof ApiError) || error.status === 404 || error.status === 400;
  return (
    <Stack gap="sm" align="flex-start">
      {isMissing ? (
        <>
          <Title order={1}>Client not found</Title>
          <Text c="dimmed">This client does not exist or has been deleted.</Text>
        </>
      ) : (
        <Alert color="red" role="alert" title="The client could not be loaded">
          {error instanceof Error ? error.message : 'Please try again.'}
        </Alert>
      )}
      <Anchor component={Link} to="/clients/list">
        Back to clients
      </Anchor>
    </Stack>
  );
}
