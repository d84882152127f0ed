import { Alert, Button, Container, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  CONSULTATION_MESSAGES,
  consultationFeeAmount,
  consultationFeeSentence,
  isLiveConsultation,
  payFeeLabel,
  type BookingAnswer,
  type BookingPage,
} from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  bookingPageKeys,
  bookingPageQuery,
  bookingSlotsQuery,
  bookOnPage,
  cancelOnPage,
  moveOnPage,
  payOnPage,
} from '../api/booking-page-api.ts';
import { ConsultationSummary } from '../components/consultation-summary.tsx';
import { SlotPicker } from '../components/slot-picker.tsx';

const DESCRIPTION = 'Choose a time for a consultation with your law firm.';
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

/** Choosing a time (to book, or to move the booking), then confirming it; a fee the firm requires goes to the gateway's page. */
function ChooseTime({ token, page, isMoving, onDone }: { token: string; page: BookingPage; isMoving: boolean; onDone: () => void }) {
  const slots = useQuery(bookingSlotsQuery(token));
  const [start, setStart] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setIsBusy(true);
    setError(null);
    (isMoving ? moveOnPage(token, start!) : bookOnPage(token, start!))
      .then((answer: BookingAnswer) => (answer.checkoutUrl ? window.location.assign(answer.checkoutUrl) : onDone()))
      .catch((failure: unknown) => {
        setError(messageOf(failure));
        setStart(null);
        void slots.refetch();
      })
      .finally(() => setIsBusy(false));
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Title order={2} size="h3">
          {isMoving ? 'Choose a new time' : 'Choose a time'}
        </Title>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {slots.data ? (
          <SlotPicker slots={slots.data} value={start} onChange={setStart} />
        ) : slots.isError ? (
          <Text>The free times could not be loaded.</Text>
        ) : (
          <LoadingScreen />
        )}
        <Button size="md" disabled={!start} loading={isBusy} onClick={submit}>
          {isMoving
            ? 'Move my consultation'
            : page.isFeeRequired && page.feeAmount
              ? `Book and pay ${consultationFeeAmount(page)}`
              : 'Book consultation'}
        </Button>
      </Stack>
    </Paper>
  );
}

function Booked({ token, page, onChanged }: { token: string; page: BookingPage; onChanged: (moving: boolean) => void }) {
  const consultation = page.consultation!;
  const [isCancelling, setIsCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (work: () => Promise<unknown>) => {
    setIsBusy(true);
    setError(null);
    work()
      .catch((failure: unknown) => setError(messageOf(failure)))
      .finally(() => setIsBusy(false));
  };
  const isUnpaid =
    page.canPayOnline && consultation.feeAmount !== null && consultation.paidAt === null && isLiveConsultation(consultation.status);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Your consultation
        </Title>
        <ConsultationSummary
          consultation={consultation}
          assignee={page.assigneeName}
          feeSentence={
            isLiveConsultation(consultation.status)
              ? consultationFeeSentence(consultation, { canPayOnline: isUnpaid, paymentInstructions: page.paymentInstructions })
              : null
          }
        />
        {consultation.status === 'AwaitingPayment' ? <Text>{CONSULTATION_MESSAGES.awaitingPayment}</Text> : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {isUnpaid ? (
          <Button
            loading={isBusy}
            onClick={() => run(async () => window.location.assign((await payOnPage(token)).checkoutUrl ?? window.location.href))}
          >
            {payFeeLabel(consultation)}
          </Button>
        ) : null}
        {page.canChange && !isCancelling ? (
          <Group gap="xs">
            <Button variant="default" onClick={() => onChanged(true)}>
              Move
            </Button>
            <Button variant="default" color="red" onClick={() => setIsCancelling(true)}>
              Cancel
            </Button>
          </Group>
        ) : null}
        {isCancelling ? (
          <Stack gap="xs">
            <Textarea
              label="Why are you cancelling? (optional)"
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group gap="xs">
              <Button
                color="red"
                loading={isBusy}
                onClick={() => run(async () => (await cancelOnPage(token, reason.trim() || null), onChanged(false)))}
              >
                Cancel my consultation
              </Button>
              <Button variant="default" onClick={() => setIsCancelling(false)}>
                Keep it
              </Button>
            </Group>
          </Stack>
        ) : null}
        {!page.canChange && isLiveConsultation(consultation.status) ? (
          <Text size="sm">To change it now, please contact the firm.</Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /book/:token: the lead's booking page, outside the firm's shell and without signing in. */
export function ConsultationBookingPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const page = useQuery(bookingPageQuery(token));
  const [isMoving, setIsMoving] = useState(false);
  const refresh = () => {
    setIsMoving(false);
    void queryClient.invalidateQueries({ queryKey: bookingPageKeys.page(token) });
  };
  const data = page.data;
  const consultation = data?.consultation ?? null;
  const isBooked = consultation !== null && (isLiveConsultation(consultation.status) || consultation.paidAt !== null);
  return (
    <Container size="sm" py="xl" px="md" component="main">
      <PageTitle
        parts={[data ? `Book a consultation · ${data.firmName}` : page.isError ? 'Booking link not valid' : 'Book a consultation']}
        description={DESCRIPTION}
      />
      {page.isLoading ? (
        <LoadingScreen />
      ) : !data ? (
        <Stack>
          <Title order={1}>Booking link not valid</Title>
          <Text>This link has expired or was replaced by a newer one. Please ask the firm for a new link.</Text>
        </Stack>
      ) : (
        <Stack gap="md">
          <Title order={1} size="h2">
            Book a consultation with {data.firmName}
          </Title>
          <Text>
            Dear {data.leadName}, choose a time for a {data.lengthMinutes}-minute consultation
            {data.assigneeName ? ` with ${data.assigneeName}` : ''}
            {data.isByVideo ? ', by video (the link comes with the confirmation)' : data.location ? ` at ${data.location}` : ''}.
            {data.feeAmount
              ? ` The fee is ${consultationFeeAmount(data)}${data.isFeeRequired ? ', paid online to confirm the booking' : ''}.`
              : ''}
          </Text>
          {search.get('payment') === 'returned' && consultation?.status === 'AwaitingPayment' ? (
            <Alert color="blue">Payment received by the gateway: your booking is confirmed here once the gateway confirms it.</Alert>
          ) : null}
          {isBooked && !isMoving ? (
            <Booked token={token} page={data} onChanged={(moving) => (moving ? setIsMoving(true) : refresh())} />
          ) : (
            <ChooseTime token={token} page={data} isMoving={isMoving} onDone={refresh} />
          )}
          {consultation && !isBooked ? (
            <Text size="sm">Your earlier booking was {consultation.status === 'Cancelled' ? 'cancelled' : 'not paid in time'}.</Text>
          ) : null}
        </Stack>
      )}
    </Container>
  );
}
