import { Button, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ADJUSTMENT_REASON_HINT,
  adjustedLineAmount,
  formatMoney,
  type AdjustmentBasis,
  type AdjustmentDirection,
  type InvoiceLine,
  type ReviewDraft,
} from '@matterhorn/shared';
import { useState, type ReactNode } from 'react';
import { GuardedModal } from '../../../components/guarded-modal.tsx';
import { matterOptionLabel } from '../../../components/matter-option-label.ts';
import { adjustLine, correctNarrative, holdLine, moveLine } from '../api/pre-bill-review-api.ts';

export type LineAction = 'adjust' | 'move' | 'hold' | 'narrative';

type ModalProps = {
  invoiceId: string;
  line: InvoiceLine;
  draft: ReviewDraft;
  onClose: () => void;
  onDone: (draft: ReviewDraft) => void;
};

const TITLES: Record<LineAction, string> = {
  adjust: 'Write down or up',
  move: 'Move to another matter',
  hold: 'Hold for the next bill',
  narrative: 'Correct the narrative',
};

/** The form of one action on one line: its fields, a required check on save, and Cancel / the action's button. */
function ActionForm({
  action,
  onClose,
  hasChanges,
  onSubmit,
  submitLabel,
  children,
}: {
  action: LineAction;
  onClose: () => void;
  hasChanges: () => boolean;
  onSubmit: () => Promise<void> | void;
  submitLabel: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <GuardedModal opened onClose={onClose} title={TITLES[action]} hasChanges={hasChanges}>
      {(requestClose) => (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (busy) return;
            setBusy(true);
            Promise.resolve(onSubmit())
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        >
          <Stack gap="sm">
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={requestClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}

const reasonError = (submitted: boolean, reason: string) => (submitted && reason.trim() === '' ? 'Reason is required' : undefined);

export function AdjustLineModal({ invoiceId, line, draft, onClose, onDone }: ModalProps) {
  const [direction, setDirection] = useState<AdjustmentDirection>('down');
  const [basis, setBasis] = useState<AdjustmentBasis>('percent');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState(line.adjustmentReason ?? '');
  const [submitted, setSubmitted] = useState(false);
  const symbol = draft.invoice.currencySymbol;
  const isNumber = /^\d{1,12}(\.\d{1,4})?$/.test(value.trim()) && /[1-9]/.test(value);
  const result = isNumber ? adjustedLineAmount(line.itemAmount, { direction, basis, value: value.trim() }) : null;
  const valueError =
    submitted && !isNumber ? 'Enter an amount or percentage above 0' : result && 'refusal' in result ? result.refusal : undefined;
  return (
    <ActionForm
      action="adjust"
      onClose={onClose}
      hasChanges={() => value !== '' || reason !== (line.adjustmentReason ?? '')}
      submitLabel="Save adjustment"
      onSubmit={async () => {
        setSubmitted(true);
        if (!isNumber || reason.trim() === '' || (result && 'refusal' in result)) return;
        onDone(await adjustLine(invoiceId, line.id, { direction, basis, value: value.trim(), reason: reason.trim() }));
      }}
    >
      <Text size="sm">
        {line.description || 'No narrative'} — recorded {formatMoney(line.itemAmount, symbol)}
      </Text>
      <Radio.Group label="Direction" value={direction} onChange={(next) => setDirection(next as AdjustmentDirection)}>
        <Group gap="md" mt={4}>
          <Radio value="down" label="Write down" />
          <Radio value="up" label="Write up" />
        </Group>
      </Radio.Group>
      <Radio.Group label="By" value={basis} onChange={(next) => setBasis(next as AdjustmentBasis)}>
        <Group gap="md" mt={4}>
          <Radio value="percent" label="Percentage" />
          <Radio value="amount" label="Amount" />
        </Group>
      </Radio.Group>
      <TextInput
        label={basis === 'percent' ? 'Percentage (%)' : 'Amount'}
        inputMode="decimal"
        withAsterisk
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={valueError}
        data-autofocus
      />
      <Text size="sm" aria-live="polite">
        {result && 'amount' in result ? `Bills ${formatMoney(result.amount, symbol)}` : ' '}
      </Text>
      <Textarea
        label="Reason"
        description={ADJUSTMENT_REASON_HINT}
        withAsterisk
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={reasonError(submitted, reason)}
      />
    </ActionForm>
  );
}

export function MoveLineModal({ invoiceId, line, draft, onClose, onDone }: ModalProps) {
  const [matterId, setMatterId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const options = draft.clientMatters
    .filter((matter) => matter.id !== line.matterId)
    .map((matter) => ({ value: matter.id, label: matterOptionLabel({ matterName: matter.name, matterNumber: matter.number }) }));
  return (
    <ActionForm
      action="move"
      onClose={onClose}
      hasChanges={() => matterId !== null}
      submitLabel="Move line"
      onSubmit={async () => {
        setSubmitted(true);
        if (!matterId) return;
        onDone(await moveLine(invoiceId, line.id, matterId));
      }}
    >
      <Text size="sm">
        It leaves this draft and waits as unbilled work on the matter you choose (same client: {draft.invoice.clientName}).
      </Text>
      <Select
        label="Matter"
        withAsterisk
        searchable
        data={options}
        value={matterId}
        onChange={setMatterId}
        nothingFoundMessage="No other open matter of this client"
        error={submitted && !matterId ? 'Matter is required' : undefined}
        // The dialog focuses the field; its list opens when asked for (a click, a key), not by itself over the dialog.
        openOnFocus={false}
        data-autofocus
      />
    </ActionForm>
  );
}

export function HoldLineModal({ invoiceId, line, onClose, onDone }: ModalProps) {
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  return (
    <ActionForm
      action="hold"
      onClose={onClose}
      hasChanges={() => reason !== ''}
      submitLabel="Hold line"
      onSubmit={async () => {
        setSubmitted(true);
        if (reason.trim() === '') return;
        onDone(await holdLine(invoiceId, line.id, reason.trim()));
      }}
    >
      <Text size="sm">It leaves this draft and stays unbilled; no draft or bill run takes it until the hold is released.</Text>
      <Textarea
        label="Reason"
        withAsterisk
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={reasonError(submitted, reason)}
        data-autofocus
      />
    </ActionForm>
  );
}

export function NarrativeModal({ invoiceId, line, onClose, onDone }: ModalProps) {
  const [description, setDescription] = useState(line.description);
  const [submitted, setSubmitted] = useState(false);
  return (
    <ActionForm
      action="narrative"
      onClose={onClose}
      hasChanges={() => description !== line.description}
      submitLabel="Save narrative"
      onSubmit={async () => {
        setSubmitted(true);
        if (description.trim() === '') return;
        onDone(await correctNarrative(invoiceId, line.id, description.trim()));
      }}
    >
      <Textarea
        label="Narrative"
        description="The time entry’s description, as the client will read it"
        withAsterisk
        minRows={3}
        maxLength={5000}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={submitted && description.trim() === '' ? 'Narrative is required' : undefined}
        data-autofocus
      />
    </ActionForm>
  );
}

export const LINE_ACTION_MODALS: Record<LineAction, (props: ModalProps) => ReactNode> = {
  adjust: AdjustLineModal,
  move: MoveLineModal,
  hold: HoldLineModal,
  narrative: NarrativeModal,
};
