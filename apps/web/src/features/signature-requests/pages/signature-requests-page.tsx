import { Anchor, Group, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { SIGNATURE_REQUEST_STATUSES, type SignatureRequestStatus } from '@matterhorn/shared';
import { Link, useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSignatureRequestList } from '../api/signature-requests-api.ts';
import { SignatureRequestsTable } from '../components/signature-requests-table.tsx';

const PAGE_SIZE = 25;
const isStatus = (value: string | null): value is SignatureRequestStatus => SIGNATURE_REQUEST_STATUSES.some((status) => status === value);

/** /documents/signature-requests: every request the firm sent, newest first, by status. */
export function SignatureRequestsPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  // From a document's page: only that document's requests.
  const documentId = params.get('document');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = { ...(isStatus(status) ? { status } : {}), ...(documentId ? { document: documentId } : {}) };
  const list = useSignatureRequestList({
    page,
    size: PAGE_SIZE,
    ...(isStatus(status) ? { Status: status } : {}),
    ...(documentId ? { DocumentId: documentId } : {}),
  });
  const totalPages = Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE);
  return (
    <Stack gap="md">
      <PageTitle parts={['Signature requests', 'Documents']} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          Signature requests
        </Title>
        <Select
          label="Status"
          data={[{ value: 'all', label: 'All' }, ...SIGNATURE_REQUEST_STATUSES.map((value) => ({ value, label: value }))]}
          value={isStatus(status) ? status : 'all'}
          onChange={(value) =>
            setParams({ ...(documentId ? { document: documentId } : {}), ...(value && value !== 'all' ? { status: value } : {}) })
          }
          allowDeselect={false}
          w={180}
        />
      </Group>
      {documentId && (
        <Text size="sm">
          {'Only one document’s requests. '}
          <Anchor component={Link} to="/documents/signature-requests">
            Show every request
          </Anchor>
        </Text>
      )}
      {list.isPending ? <LoadingSpinner label="Loading signature requests" /> : <SignatureRequestsTable requests={list.data?.data ?? []} />}
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page}
          onChange={(next) => setParams({ ...filters, page: String(next) })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
