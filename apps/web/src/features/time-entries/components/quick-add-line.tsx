import { Button, Group, Paper, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { QUICK_LINE_EXAMPLE, QUICK_LINE_MAX_LENGTH } from '@matterhorn/shared';
import { durationReading, matterProposalText, useQuickAdd, type QuickAddState } from '../hooks/use-quick-add.ts';
import { QuickAddMatterSelect } from './quick-add-matter-select.tsx';

/** What the read line proposes, for the member to confirm: the duration, the matter and the narrative. */
function QuickAddProposal({ state }: { state: QuickAddState }) {
  const { reading } = state;
  if (!reading) return null;
  return (
    <Stack gap="xs" mt="sm" data-testid="quick-add-proposal">
      {/* Announced once read, so a screen reader hears what the line was read as. */}
      <Text size="sm" role="status">
        <Text span fw={500}>
          Duration:
        </Text>{' '}
        {durationReading(reading.line.hours)}
        <VisuallyHidden>. {matterProposalText(reading)}.</VisuallyHidden>
      </Text>
      <QuickAddMatterSelect
        candidates={reading.match.candidates}
        value={state.matter}
        onChange={state.chooseMatter}
        description={matterProposalText(reading)}
        error={state.matterError}
      />
      <TextInput
        label="Narrative"
        value={state.narrative}
        onChange={(event) => state.changeNarrative(event.currentTarget.value)}
        maxLength={5000}
        autoComplete="off"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={state.clear}>
          Clear
        </Button>
        <Button onClick={state.add}>Add</Button>
      </Group>
    </Stack>
  );
}

/**
 * Quick add on /time-entries (issue 44): one line — "1h20m Adeyemi v Bello drafted statement of
 * claim" — read on Enter into a duration, a proposed matter and a narrative; the member confirms the
 * matter (or chooses one when none or several match), and Add opens the time-entry popup filled in.
 */
export function QuickAddLine() {
  const state = useQuickAdd();
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Quick add">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void state.read();
        }}
      >
        <TextInput
          label="Quick add"
          placeholder={`e.g. ${QUICK_LINE_EXAMPLE}`}
          description="The time, the matter’s name or number, then what was done; Enter reads it"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={state.text}
          onChange={(event) => state.changeText(event.currentTarget.value)}
          error={state.lineError}
          maxLength={QUICK_LINE_MAX_LENGTH + 20}
          autoComplete="off"
          rightSectionWidth={72}
          rightSection={
            <Button type="submit" size="compact-sm" variant="light" loading={state.isReading}>
              Read
            </Button>
          }
        />
      </form>
      <QuickAddProposal state={state} />
    </Paper>
  );
}
