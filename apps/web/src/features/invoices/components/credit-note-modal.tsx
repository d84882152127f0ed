import { Button, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { formatMoney, type CreateCreditNoteInput, type Invoice } from '@matterhorn/shared';
import { useState } from 'react';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { isoDateToMonthDayYear, monthDayYearToIsoDate } from '../../../components/date-text.ts';
import { displayDate, todayIso } from '../utils/invoice-display.ts';

type CreditNoteModalProps = {
  invoice: Invoice;
  onClose: () => void;
  onConfirm: (creditNote: CreateCreditNoteInput) => Promise<void>;
};

/**
 * Credit an issued invoice: every line not yet credited, or the lines chosen, with a reason, a date,
 * and whether the credited items go back to unbilled. The server works out the figures.
 */
export default function CreditNoteModal({ invoice, onClose, onConfirm }: CreditNoteModalProps) {
  const standing = [...invoice.fees, ...invoice.expenses, ...invoice.flatFees].filter((line) => line.creditNoteNumber === null);
  const [scope, setScope] = useState<'whole' | 'lines'>('whole');
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [initialDate] = useState(() => isoDateToMonthDayYear(todayIso()));
  const [creditDate, setCreditDate] = useState(initialDate);
  const [releaseItems, setReleaseItems] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const dateIso = monthDayYearToIsoDate(creditDate);
  const linesError = submitted && scope === 'lines' && chosen.length === 0 ? 'Choose at least one line to credit' : undefined;
  const hasChanges = () => scope !== 'whole' || chosen.length > 0 || reason.trim() !== '' || creditDate !== initialDate || releaseItems;
  return (
    <GuardedModal opened onClose={onClose} title="Issue credit note" size="lg" hasChanges={hasChanges}>
      {(requestClose) => (
        <Stack gap="sm">
          <Radio.Group label="What to credit" value={scope} onChange={(value) => setScope(value as 'whole' | 'lines')}>
            <Stack gap={6} mt={6}>
              <Radio value="whole" label={`Every line not yet credited (${standing.length})`} />
              <Radio value="lines" label="Chosen lines" />
            </Stack>
          </Radio.Group>
          {scope === 'lines' && (
            <Checkbox.Group label="Lines" value={chosen} onChange={setChosen} error={linesError} withAsterisk>
              <Stack gap={6} mt={6}>
                {standing.map((line) => (
                  <Checkbox
                    key={line.id}
                    value={line.id}
                    label={`${displayDate(line.lineDate)} · ${line.description} · ${formatMoney(line.amount, invoice.currencySymbol)}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Textarea
            label="Reason"
            withAsterisk
            description="Printed on the credit note the client receives."
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={submitted && reason.trim() === '' ? 'Reason is required' : undefined}
            data-autofocus
            minRows={2}
            maxLength={500}
          />
          <DatePickerField
            label="Credit date"
            withAsterisk
            value={creditDate}
            onChange={setCreditDate}
            error={submitted && !dateIso ? 'Credit date is required' : undefined}
          />
          <Checkbox
            label="Return the credited time entries, expenses and flat fees to unbilled"
            checked={releaseItems}
            onChange={(event) => setReleaseItems(event.currentTarget.checked)}
          />
          <Text size="xs" c="dimmed">
            The credit comes off the balance due; what the client has already paid of it becomes the client’s credit balance.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button
              loading={busy}
              onClick={async () => {
                setSubmitted(true);
                if (reason.trim() === '' || !dateIso || (scope === 'lines' && chosen.length === 0) || busy) return;
                setBusy(true);
                try {
                  await onConfirm({ reason: reason.trim(), lineIds: scope === 'lines' ? chosen : [], releaseItems, creditDate: dateIso });
                } finally {
                  setBusy(false);
                }
              }}
            >
              Issue credit note
            </Button>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}
