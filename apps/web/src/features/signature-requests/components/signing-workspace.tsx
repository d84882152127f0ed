import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { allowedSignerActions, SIGNATURE_FIELD_KIND_RULES, type SignatureField, type SigningView } from '@matterhorn/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { AdoptedMarks } from '../utils/signature-marks.ts';
import { ConsentPanel } from './consent-panel.tsx';
import { SigningDocument } from './signing-document.tsx';
import { SigningFieldLayer } from './signing-field-layer.tsx';

// Opened by a press, so their code (the modal, the script font, the drawing pad's loader) is not in the way of the first page.
const LazyAdoptionModal = lazy(async () => ({ default: (await import('./adoption-modal.tsx')).AdoptionModal }));
const LazyReasonModal = lazy(async () => ({ default: (await import('./reason-modal.tsx')).ReasonModal }));

export type SigningWorkspaceProps = {
  view: SigningView & { documentUrl: string };
  onConsent: () => Promise<void>;
  onSign: (marks: AdoptedMarks, fieldIds: string[]) => Promise<void>;
  onDecline: (reason: string) => Promise<void>;
  /** Told when the first page is on the screen (the page's speed is measured by it). */
  onFirstPageDrawn?: () => void;
};

const todayOnScreen = () => {
  const now = new Date();
  return `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
};

/** Reading order: page, then top to bottom, then left to right. */
const inReadingOrder = (fields: SignatureField[]) => [...fields].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);

function focusField(id: string) {
  const element = document.querySelector<HTMLElement>(`[data-signing-field="${id}"]`);
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element?.focus({ preventScroll: true });
}

/** The document with the signer's places, and the steps to sign it: consent, adopt a signature, sign each place, finish; or decline. */
export function SigningWorkspace({ view, onConsent, onSign, onDecline, onFirstPageDrawn }: SigningWorkspaceProps) {
  const allowed = allowedSignerActions({ requestStatus: view.requestStatus, signerStatus: view.signerStatus });
  const toSign = useMemo(
    () => inReadingOrder(view.fields.filter((field) => SIGNATURE_FIELD_KIND_RULES[field.kind].isFilledBySigner)),
    [view.fields],
  );
  const [marks, setMarks] = useState<AdoptedMarks | null>(null);
  const [applied, setApplied] = useState<ReadonlySet<string>>(new Set());
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [pendingField, setPendingField] = useState<SignatureField | null>(null);
  const [open, setOpen] = useState<'adopt' | 'decline' | null>(null);
  const [isFinishing, setIsFinishing] = useState(false);
  const remaining = toSign.filter((field) => !applied.has(field.id));
  const today = todayOnScreen();

  const goToNext = (after: ReadonlySet<string>) => {
    const next = toSign.find((field) => !after.has(field.id));
    setCurrentId(next?.id ?? null);
    if (next) window.requestAnimationFrame(() => focusField(next.id));
  };
  const apply = (field: SignatureField) => {
    if (!marks) {
      setPendingField(field);
      return setOpen('adopt');
    }
    const next = new Set(applied).add(field.id);
    setApplied(next);
    goToNext(next);
  };
  const adopt = (adopted: AdoptedMarks) => {
    setMarks(adopted);
    setOpen(null);
    // "Adopt and sign" signs the place pressed, or else the first one still to sign.
    const target = pendingField ?? toSign.find((field) => !applied.has(field.id));
    const next = target ? new Set(applied).add(target.id) : applied;
    setApplied(next);
    setPendingField(null);
    goToNext(next);
  };
  const finish = async () => {
    if (!marks) return;
    setIsFinishing(true);
    try {
      await onSign(marks, [...applied]);
    } catch {
      // The API client has shown the error.
    } finally {
      setIsFinishing(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper
        withBorder
        p="sm"
        radius="md"
        component="section"
        aria-label="Steps to sign"
        // While signing, the next step stays in view above the pages.
        style={allowed.sign ? { position: 'sticky', top: 0, zIndex: 3 } : undefined}
      >
        {!allowed.sign ? (
          <ConsentPanel consentText={view.consentText} onAgree={onConsent} />
        ) : (
          <Stack gap="xs">
            <Text size="sm" role="status">
              {remaining.length === 0
                ? 'Every place is signed. Finish to send your signature.'
                : `${toSign.length - remaining.length} of ${toSign.length} places signed.`}
            </Text>
            <Group gap="sm" wrap="wrap">
              {!marks ? (
                <Button onClick={() => setOpen('adopt')}>Adopt your signature</Button>
              ) : remaining.length > 0 ? (
                <Button onClick={() => goToNext(applied)}>Next field</Button>
              ) : (
                <Button onClick={() => void finish()} loading={isFinishing}>
                  Finish signing
                </Button>
              )}
            </Group>
          </Stack>
        )}
        {allowed.decline && (
          <Button variant="subtle" color="red" size="xs" mt="xs" onClick={() => setOpen('decline')}>
            Decline to sign
          </Button>
        )}
      </Paper>
      <Box bg="gray.1" p={{ base: 4, sm: 'md' }} style={{ borderRadius: 4 }}>
        <SigningDocument
          documentUrl={view.documentUrl}
          name={view.documentName}
          onPageDrawn={(page) => page === 1 && onFirstPageDrawn?.()}
          renderOverlay={(page) =>
            allowed.sign ? (
              <SigningFieldLayer
                pageNumber={page}
                fields={view.fields}
                appliedIds={applied}
                currentFieldId={currentId}
                marks={marks}
                signerName={view.signerName}
                today={today}
                onApply={apply}
              />
            ) : null
          }
        />
      </Box>
      <Suspense fallback={null}>
        {open === 'adopt' && (
          <LazyAdoptionModal
            onClose={() => setOpen(null)}
            signerName={view.signerName}
            needsInitials={toSign.some((field) => field.kind === 'initials')}
            onAdopt={adopt}
          />
        )}
        {open === 'decline' && (
          <LazyReasonModal
            opened
            onClose={() => setOpen(null)}
            title="Decline to sign?"
            explanation="The sender is told that you declined, with your reason. Nobody can sign this request afterwards."
            confirmLabel="Decline"
            onConfirm={onDecline}
          />
        )}
      </Suspense>
    </Stack>
  );
}
