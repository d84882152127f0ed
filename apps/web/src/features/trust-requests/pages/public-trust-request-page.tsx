import { Alert, Badge, Box, Container, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, isoToDisplayDate, TRUST_REQUEST_MESSAGES, type PublicTrustRequest } from '@matterhorn/shared';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-spinner.tsx';
import { usePublicTrustRequest } from '../api/public-trust-request-api.ts';
import { PageTitle } from '../../../components/page-title.tsx';

export const PUBLIC_TRUST_REQUEST_TEXT = {
  notFoundTitle: 'Trust request link not valid',
  notFound: TRUST_REQUEST_MESSAGES.linkNotFound,
  failed: 'The request could not be loaded. Please try again later.',
  cancelled: 'This request has been cancelled: nothing is asked of you.',
  paid: 'Thank you: this request has been paid in full.',
} as const;

const PUBLIC_TRUST_REQUEST_DESCRIPTION =
  'A request from your law firm for money to hold in its client trust account: the amount, what has arrived, and how to pay.';

/** "Request for funds TR-00001 · Obi & Co": the request's own heading and its firm, once they are known. */
function publicTrustRequestTitle(request: PublicTrustRequest | null | undefined) {
  if (request === null) return [PUBLIC_TRUST_REQUEST_TEXT.notFoundTitle];
  if (request === undefined) return ['Request for funds'];
  return [`Request for funds ${request.requestNumber}`, request.firm.name];
}

const STATUS_COLORS: Record<string, string> = { Paid: 'green', PartlyPaid: 'yellow', Cancelled: 'red', Sent: 'blue' };

function RequestView({ request }: { request: PublicTrustRequest }) {
  const money = (amount: string) => formatMoney(amount, request.currencySymbol);
  const rows: [string, string][] = [
    ['Amount requested', money(request.amount)],
    ['Received so far', money(request.paidAmount)],
    ['Still to pay', money(request.balanceDue)],
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          {request.firm.logo ? <Image src={request.firm.logo} alt={`${request.firm.name} logo`} h={56} w="auto" fit="contain" /> : null}
          <Text fw={700} size="lg">
            {request.firm.name}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Title order={1}>Request for funds {request.requestNumber}</Title>
          <Badge color={STATUS_COLORS[request.status] ?? 'blue'} variant="light" size="lg" style={{ textTransform: 'none' }}>
            {request.statusLabel}
          </Badge>
        </Stack>
      </Group>

      {request.status === 'Cancelled' ? <Alert color="gray" title={PUBLIC_TRUST_REQUEST_TEXT.cancelled} /> : null}
      {request.status === 'Paid' ? <Alert color="green" title={PUBLIC_TRUST_REQUEST_TEXT.paid} /> : null}

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Box>
            <Text size="sm" c="dimmed">
              For
            </Text>
            <Text fw={600}>{request.clientName}</Text>
            {request.matter ? (
              <Text size="sm">
                {request.matter.matterNumber ? `${request.matter.matterNumber} — ${request.matter.name}` : request.matter.name}
              </Text>
            ) : null}
          </Box>
          <Box>
            <Text size="sm" c="dimmed">
              Due date
            </Text>
            <Text>{isoToDisplayDate(request.dueDate) || request.dueDate}</Text>
          </Box>
          <Box>
            <Text size="sm" c="dimmed">
              Your current trust balance
            </Text>
            <Text fw={700} size="xl" data-testid="trust-balance">
              {money(request.trustBalance)}
            </Text>
          </Box>
        </SimpleGrid>
      </Paper>

      <Box maw={420}>
        <Table aria-label="Amounts">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td ta="right">{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>

      {request.note ? (
        <Box>
          <Title order={2} size="h4">
            Note
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{request.note}</Text>
        </Box>
      ) : null}

      {request.bank ? (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            How to pay
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Box>
              <Text size="sm" c="dimmed">
                Account
              </Text>
              <Text>{request.bank.accountName}</Text>
            </Box>
            <Box>
              <Text size="sm" c="dimmed">
                Bank
              </Text>
              <Text>{request.bank.bankName}</Text>
            </Box>
            <Box>
              <Text size="sm" c="dimmed">
                Account number
              </Text>
              <Text>{request.bank.accountNumberMasked}</Text>
            </Box>
          </SimpleGrid>
          {request.bank.paymentInstructions ? (
            <Text mt="sm" style={{ whiteSpace: 'pre-line' }}>
              {request.bank.paymentInstructions}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed" mt="sm">
            Funds are held in the firm’s client trust account for you; quote {request.requestNumber} with your payment.
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** /billing/trust-accounting/:slug — a trust request on its public link: no top bar, no sign-in. */
export function PublicTrustRequestPage() {
  const { slug = '' } = useParams();
  const query = usePublicTrustRequest(slug);
  return (
    <Container size="md" py="xl" px="md" component="main">
      <PageTitle parts={publicTrustRequestTitle(query.data)} description={PUBLIC_TRUST_REQUEST_DESCRIPTION} />
      {query.isPending ? (
        <LoadingScreen />
      ) : query.isError ? (
        <Alert color="red" title="Trust request" role="alert">
          {PUBLIC_TRUST_REQUEST_TEXT.failed}
        </Alert>
      ) : query.data === null ? (
        <Stack gap="sm" align="center" ta="center" py="xl">
          <Title order={1}>{PUBLIC_TRUST_REQUEST_TEXT.notFoundTitle}</Title>
          <Text c="dimmed">{PUBLIC_TRUST_REQUEST_TEXT.notFound}</Text>
        </Stack>
      ) : (
        <RequestView request={query.data} />
      )}
    </Container>
  );
}
