import { Anchor, Button, CopyButton, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { intakeFormEmbedQuery } from '../api/intake-forms-api.ts';

function Snippet({ label, code }: { label: string; code: string }) {
  return (
    <Stack gap={4}>
      <Textarea label={label} value={code} readOnly autosize minRows={2} styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }} />
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** Where the form lives and the HTML to put it in the firm's website: an iframe, or a plain link. */
export function EmbedCard({ formId }: { formId: string }) {
  const embed = useQuery(intakeFormEmbedQuery(formId));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="intake-embed">
      <Stack gap="sm">
        <Title order={2} size="h4" id="intake-embed">
          Put it on your website
        </Title>
        {embed.isPending && <LoadingSpinner label="Loading the snippet" />}
        {embed.data && (
          <>
            <Text size="sm">
              Public address:{' '}
              <Anchor href={embed.data.publicUrl} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                {embed.data.publicUrl}
              </Anchor>
            </Text>
            {!embed.data.isPublished && (
              <Text size="sm" c="dimmed">
                Visitors see “not available” until the form is published.
              </Text>
            )}
            <Snippet label="Embed snippet" code={embed.data.iframeSnippet} />
            <Snippet label="Link snippet" code={embed.data.linkSnippet} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
