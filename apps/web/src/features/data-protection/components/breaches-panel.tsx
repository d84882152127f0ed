import { Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DATA_SUBJECT_TYPE_LABELS, firmWallClockOf, momentOfFirmWallClock, type Breach, type DataSubject } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { breachKeys, markClientTold, notifyRegulator, recordBreach, useBreaches } from '../api/breaches.ts';
import { useDataProtectionSettings, useSubjectSearch } from '../api/data-subject-requests.ts';
import { displayFirmDateTime } from '../../../lib/date-time.ts';
import { deadlineText } from './breach-countdown.ts';

/** Minutes since the page loaded the list, ticking each minute: the countdown moves without asking the server. */
function useMinutesGone(since: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - since) / 60_000));
}

/** "When found" is typed on the firm's clock, whatever the reader's device says. */
const firmNow = (timeZone: string) => firmWallClockOf(new Date().toISOString(), timeZone);

function RecordBreachForm({ onRecorded, timeZone }: { onRecorded: () => Promise<void>; timeZone: string }) {
  const [fields, setFields] = useState({ title: '', dataAffected: '', peopleAffected: '', discoveredAt: firmNow(timeZone) });
  const [search, setSearch] = useState('');
  const found = useSubjectSearch(search);
  const [clients, setClients] = useState<DataSubject[]>([]);
  const field = (name: keyof typeof fields, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={fields[name]}
      onChange={(event) => setFields({ ...fields, [name]: event.currentTarget.value })}
      withAsterisk
    />
  );
  const submit = async () => {
    try {
      await recordBreach({
        ...fields,
        discoveredAt: momentOfFirmWallClock(fields.discoveredAt, timeZone),
        clientIds: clients.map((client) => client.subjectId),
      });
      setFields({ title: '', dataAffected: '', peopleAffected: '', discoveredAt: firmNow(timeZone) });
      setClients([]);
      await onRecorded();
    } catch {
      // The API client has shown the server's message.
    }
  };
  const candidates = (found.data ?? []).filter(
    (subject) => subject.subjectType === 'client' && !clients.some((client) => client.subjectId === subject.subjectId),
  );
  return (
    <Stack gap="sm" maw={640}>
      {field('title', 'What happened')}
      {field('dataAffected', 'What data')}
      {field('peopleAffected', 'Whose data')}
      {field('discoveredAt', 'When found', 'datetime-local')}
      <TextInput
        label="Clients to tell"
        description="Type part of a client’s name"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Group gap="xs">
        {candidates.map((subject) => (
          <Button key={subject.subjectId} size="xs" variant="light" onClick={() => setClients([...clients, subject])}>
            Add {subject.name}
          </Button>
        ))}
      </Group>
      {clients.length > 0 && (
        <Text size="sm">
          To tell: {clients.map((client) => `${client.name} (${DATA_SUBJECT_TYPE_LABELS[client.subjectType]})`).join(', ')}
        </Text>
      )}
      <Group>
        <Button onClick={() => void submit()}>Record breach</Button>
      </Group>
    </Stack>
  );
}

function BreachRow({ breach, minutesGone, onChanged }: { breach: Breach; minutesGone: number; onChanged: () => Promise<void> }) {
  const [notifiedTo, setNotifiedTo] = useState('Nigeria Data Protection Commission');
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await onChanged();
    } catch {
      // The API client has shown the server's message.
    }
  };
  const isLate = !breach.regulatorNotifiedAt && breach.minutesLeft - minutesGone < 0;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{breach.title}</Text>
        <Text size="sm">
          {breach.dataAffected} · {breach.peopleAffected}
        </Text>
        <Text size="sm" c="dimmed">
          Found {displayFirmDateTime(breach.discoveredAt, breach.timeZone)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={breach.regulatorNotifiedAt ? 'green' : isLate ? 'red' : 'orange'} variant="light">
          {deadlineText(breach, minutesGone)}
        </Badge>
        {!breach.regulatorNotifiedAt && (
          <Group gap="xs" mt="xs">
            <TextInput
              aria-label={`Whom the firm told of ${breach.title}`}
              size="xs"
              value={notifiedTo}
              onChange={(event) => setNotifiedTo(event.currentTarget.value)}
            />
            <Button
              size="xs"
              onClick={() => void act(() => notifyRegulator(breach.id, { notifiedAt: new Date().toISOString(), notifiedTo }))}
            >
              Regulator told now
            </Button>
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        {breach.clients.length === 0 && 'None'}
        {breach.clients.map((client) => (
          <Group key={client.clientId} gap="xs">
            <Text size="sm">{client.name}</Text>
            {client.toldAt ? (
              <Badge color="green" variant="light">
                Told
              </Badge>
            ) : (
              <Button size="compact-xs" variant="light" onClick={() => void act(() => markClientTold(breach.id, client.clientId))}>
                Mark {client.name} told
              </Button>
            )}
          </Group>
        ))}
      </Table.Td>
    </Table.Tr>
  );
}

/** The breach register: record an incident, watch its 72 hours, record the regulator and the clients told. */
export function BreachesPanel() {
  const breaches = useBreaches();
  const timeZone = useDataProtectionSettings().data?.timeZone;
  const queryClient = useQueryClient();
  const minutesGone = useMinutesGone(breaches.dataUpdatedAt);
  const refresh = () => queryClient.invalidateQueries({ queryKey: breachKeys.all });
  return (
    <Stack gap="lg" pt="md">
      <Title order={2} size="h3">
        Record a breach
      </Title>
      {timeZone && <RecordBreachForm onRecorded={refresh} timeZone={timeZone} />}
      <Title order={2} size="h3">
        Breach register
      </Title>
      {breaches.data && breaches.data.length === 0 && <Text>No breach has been recorded.</Text>}
      {breaches.data && breaches.data.length > 0 && (
        // On a phone the register scrolls sideways in its own frame; the page itself stays 390 px wide.
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Breach register">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Incident</Table.Th>
                <Table.Th>Regulator (72 hours)</Table.Th>
                <Table.Th>Clients to tell</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {breaches.data.map((breach) => (
                <BreachRow key={breach.id} breach={breach} minutesGone={minutesGone} onChanged={refresh} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
