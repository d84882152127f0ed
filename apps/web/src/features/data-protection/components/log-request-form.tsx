import { Button, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  DATA_SUBJECT_REQUEST_KIND_LABELS,
  DATA_SUBJECT_REQUEST_KINDS,
  DATA_SUBJECT_TYPE_LABELS,
  type DataSubject,
  type DataSubjectRequest,
  type DataSubjectRequestKind,
} from '@matterhorn/shared';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { useDebouncedValue } from '@mantine/hooks';
import { logRequest, useSubjectSearch } from '../api/data-subject-requests.ts';

const KIND_OPTIONS = DATA_SUBJECT_REQUEST_KINDS.map((kind) => ({ value: kind, label: DATA_SUBJECT_REQUEST_KIND_LABELS[kind] }));
const subjectKey = (subject: DataSubject) => `${subject.subjectType}:${subject.subjectId}`;

/** Log a person's request: find them (client, contact, lead, opposing party), what they asked, when it came. */
export function LogRequestForm({ today, onLogged }: { today: string; onLogged: (request: DataSubjectRequest) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const subjects = useSubjectSearch(debounced);
  const [subject, setSubject] = useState<DataSubject | null>(null);
  const [kind, setKind] = useState<DataSubjectRequestKind>('access');
  const [received, setReceived] = useState(isoDateToMonthDayYear(today));
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async () => {
    const receivedOn = monthDayYearToIsoDate(received);
    if (!subject) return setError('Choose the person');
    if (!receivedOn) return setError('Received date is required');
    setError(null);
    setSaving(true);
    try {
      const request = await logRequest({ subjectType: subject.subjectType, subjectId: subject.subjectId, kind, receivedOn, notes });
      setSubject(null);
      setSearch('');
      setNotes('');
      onLogged(request);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const options = (subjects.data ?? []).map((found) => ({
    value: subjectKey(found),
    label: `${found.name} — ${DATA_SUBJECT_TYPE_LABELS[found.subjectType]} (${found.detail})`,
  }));
  return (
    <Stack gap="sm" maw={640}>
      <TextInput
        label="Find the person"
        description="A client, a client’s contact, a lead or an opposing party: type part of the name or email"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {search.trim().length >= 2 && (
        <Select
          label="Person"
          placeholder={subjects.isFetching ? 'Searching…' : 'Choose the person'}
          data={options}
          value={subject ? subjectKey(subject) : null}
          nothingFoundMessage="No person found."
          onChange={(value) => setSubject((subjects.data ?? []).find((found) => subjectKey(found) === value) ?? null)}
          withAsterisk
        />
      )}
      <Radio.Group label="They asked for" value={kind} onChange={(value) => setKind(value as DataSubjectRequestKind)} withAsterisk>
        <Group mt={4}>
          {KIND_OPTIONS.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </Group>
      </Radio.Group>
      <DatePickerField label="Received" value={received} onChange={setReceived} maxDate={today} withAsterisk />
      <Textarea label="Notes" value={notes} onChange={(event) => setNotes(event.currentTarget.value)} minRows={2} />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button onClick={() => void submit()} loading={isSaving}>
          Log request
        </Button>
      </Group>
    </Stack>
  );
}
