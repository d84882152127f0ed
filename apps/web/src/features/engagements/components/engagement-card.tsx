import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { billingTextOf, hasPermissions, type Engagement } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { engagementQuery, useEngagementWrites } from '../api/engagement-api.ts';

// The form's controls load when the terms are edited: the lead's page stays within its first-visit budget.
const EngagementTermsForm = lazy(async () => ({ default: (await import('./engagement-terms-form.tsx')).EngagementTermsForm }));

/** A button whose click runs once at a time, with its own Idempotency-Key until it succeeds. */
function ActionButton({ label, onRun, disabled }: { label: string; onRun: (key: string) => Promise<unknown>; disabled?: boolean }) {
  const { key, renew } = useIdempotencyKey();
  const [isRunning, setRunning] = useState(false);
  return (
    <Button
      variant="default"
      loading={isRunning}
      disabled={disabled}
      onClick={() => {
        setRunning(true);
        void onRun(key)
          .then(renew)
          .catch(() => undefined)
          .finally(() => setRunning(false));
      }}
    >
      {label}
    </Button>
  );
}

function Converted({ engagement }: { engagement: Engagement }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>Converted</Text>
      <Anchor component={Link} to={`/clients/${engagement.clientId}`}>
        Client: {engagement.clientName}
      </Anchor>
      <Anchor component={Link} to={`/matter/${engagement.matterId}`}>
        Matter: {engagement.matterNumber}
      </Anchor>
    </Stack>
  );
}

/**
 * The lead page's Engagement card (issue 45): the terms, the letter made from a Word template,
 * sending it for signature and its status, and Convert with what it will create — the server's
 * rules say when each may be done (sendRefusal, convertRefusal), never re-derived here.
 */
export function EngagementCard({ leadId, canEdit }: { leadId: string; canEdit: boolean }) {
  const session = useSession();
  const engagement = useQuery(engagementQuery(leadId));
  const writes = useEngagementWrites(leadId);
  const [isEditing, setEditing] = useState(false);
  const canConvert = hasPermissions(session.permissions, ['clientInfo.create', 'matterMaster.create']);
  if (!engagement.data) return null;
  const current = engagement.data;
  const isConverted = Boolean(current.clientId);

  return (
    <Card withBorder component="section" aria-labelledby="engagement-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="engagement-heading">
          Engagement
        </Title>
        {isEditing ? (
          <Suspense fallback={<Text size="sm">Loading the terms…</Text>}>
            <EngagementTermsForm
              key={`${current.isSaved}-${current.convertedAt}`}
              engagement={current}
              disabled={!canEdit || isConverted}
              onSave={async (terms) => {
                await writes.saveTerms(terms);
                setEditing(false);
              }}
            />
          </Suspense>
        ) : (
          <Stack gap={4}>
            <Text size="sm">
              {current.terms.matterName} · {billingTextOf(current.terms, current.homeCurrencyCode)}
              {current.terms.responsibleName ? ` · ${current.terms.responsibleName}` : ''}
            </Text>
            {!current.isSaved && (
              <Text size="sm" c="dimmed">
                Not saved yet: these are the lead’s details.
              </Text>
            )}
            {canEdit && !isConverted && (
              <Group>
                <Button variant="default" size="xs" onClick={() => setEditing(true)}>
                  {current.isSaved ? 'Edit terms' : 'Set terms'}
                </Button>
              </Group>
            )}
          </Stack>
        )}

        <Stack gap="xs">
          <Text fw={600}>Engagement letter</Text>
          {current.letterPdf ? (
            <Group gap="sm" wrap="wrap">
              <Anchor component={Link} to={`/documents/document/${current.letterPdf.documentId}`}>
                {current.letterPdf.name}
              </Anchor>
              {current.letterDocx && (
                <Anchor component={Link} to={`/documents/document/${current.letterDocx.documentId}`}>
                  {current.letterDocx.name}
                </Anchor>
              )}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Not generated yet
            </Text>
          )}
          {canEdit && !isConverted && current.isSaved && (
            <Group gap="sm">
              <ActionButton
                label="Generate engagement letter"
                onRun={writes.generateLetter}
                // The server's rule (engagementLetterRefusal): the letter out for signature or signed is the one the lead sees.
                disabled={current.generateRefusal !== null}
              />
              <ActionButton label="Send for signature" onRun={writes.sendLetter} disabled={current.sendRefusal !== null} />
            </Group>
          )}
          {current.signatureRequestId && (
            <Group gap="sm">
              <Badge variant="light">{current.signatureStatus}</Badge>
              <Anchor component={Link} to={`/documents/signature-requests/${current.signatureRequestId}`}>
                Signature request
              </Anchor>
            </Group>
          )}
          {current.sendRefusal && current.isSaved && !isConverted && (
            <Text size="sm" c="dimmed">
              {current.sendRefusal}
            </Text>
          )}
        </Stack>

        {isConverted ? (
          <Converted engagement={current} />
        ) : (
          <Stack gap="xs">
            <Text fw={600}>Convert to client</Text>
            <Text size="sm">Convert will create:</Text>
            <Text component="ul" size="sm" m={0} pl="lg">
              {current.willCreate.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Text>
            {current.convertRefusal ? (
              <Text size="sm" c="dimmed">
                {current.convertRefusal}
              </Text>
            ) : (
              canConvert && <ActionButton label="Convert to client" onRun={writes.convert} />
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
