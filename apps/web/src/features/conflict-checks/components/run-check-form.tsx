import { Group, Stack, Textarea } from '@mantine/core';
import { runConflictCheckSchema, type ConflictCheckResult } from '@matterhorn/shared';
import { useState } from 'react';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { runStandaloneConflictCheck } from '../api/run-conflict-check.ts';

/** One name per line; blank lines are ignored. */
export function namesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function RunCheckForm({ onResult }: { onResult: (result: ConflictCheckResult) => void }) {
  const [text, setText] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const parsed = runConflictCheckSchema.safeParse({ names: namesOf(text), context: 'standalone' });
  const error = isTouched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (!parsed.success || isSubmitting) return;
    setIsSubmitting(true);
    try {
      onResult(await runStandaloneConflictCheck(parsed.data.names));
    } catch {
      // The API client has shown the error.
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Run a conflict check">
      <Stack gap="sm">
        <Textarea
          label="Names to check"
          description="One name per line: people, companies, related or opposing parties (up to 20)."
          withAsterisk

          rows={3}

          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() => setIsTouched(true)}
          error={error}
        />
        <Group justify="flex-end">
          <SubmitButton isSubmitting={isSubmitting}>Run conflict check</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
