import '@fontsource/dancing-script/400.css';
import { Alert, Box, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { SIGNATURE_REQUEST_LIMITS } from '@matterhorn/shared';
import { lazy, Suspense, useState } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { initialsOf, SIGNATURE_FONT, type AdoptedMarks } from '../utils/signature-marks.ts';

const LazyDrawnSignaturePad = lazy(async () => ({ default: (await import('./drawn-signature-pad.tsx')).DrawnSignaturePad }));

export type SignatureAdoptionProps = {
  signerName: string;
  /** The signer has places to initial: their initials are asked for too. */
  needsInitials: boolean;
  onAdopt: (marks: AdoptedMarks) => void;
};

/** The signer adopts a signature, typed (shown in a script font) or drawn, and their initials when the document asks for them. */
export function SignatureAdoption({ signerName, needsInitials, onAdopt }: SignatureAdoptionProps) {
  const [style, setStyle] = useState<'typed' | 'drawn'>('typed');
  const [typed, setTyped] = useState(signerName);
  const [initials, setInitials] = useState(initialsOf(signerName));
  const [drawn, setDrawn] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const adopt = () => {
    if (style === 'typed' && typed.trim() === '') return setError('Type your name to sign with');
    if (style === 'drawn' && !drawn) return setError('Draw your signature in the box, or type it');
    if (style === 'drawn' && drawn && drawn.length > SIGNATURE_REQUEST_LIMITS.maxDrawnImageCharacters)
      return setError('The drawn signature is too large: clear it and draw it smaller, or type it');
    if (needsInitials && initials.trim() === '') return setError('Type your initials');
    setError(null);
    onAdopt({
      signature: style === 'typed' ? { kind: 'typed', text: typed.trim() } : { kind: 'drawn', image: drawn ?? '' },
      initials: needsInitials ? { kind: 'typed', text: initials.trim() } : null,
    });
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={style}
        onChange={(value) => setStyle(value === 'drawn' ? 'drawn' : 'typed')}
        data={[
          { value: 'typed', label: 'Type' },
          { value: 'drawn', label: 'Draw' },
        ]}
        aria-label="How to sign"
      />
      {style === 'typed' ? (
        <Stack gap="xs">
          <TextInput
            label="Your signature"
            value={typed}
            maxLength={SIGNATURE_REQUEST_LIMITS.maxTypedCharacters}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Box p="sm" bg="gray.0" style={{ borderRadius: 4, minHeight: 64 }} aria-hidden>
            <Text style={{ fontFamily: SIGNATURE_FONT, fontSize: 34, lineHeight: 1.2, color: '#1a2b6d', overflowWrap: 'anywhere' }}>
              {typed}
            </Text>
          </Box>
        </Stack>
      ) : (
        <Suspense fallback={<LoadingSpinner label="Loading the drawing box" />}>
          <LazyDrawnSignaturePad onChange={setDrawn} />
        </Suspense>
      )}
      {needsInitials && (
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Your initials"
            value={initials}
            maxLength={10}
            w={140}
            onChange={(event) => setInitials(event.currentTarget.value)}
          />
          <Text aria-hidden style={{ fontFamily: SIGNATURE_FONT, fontSize: 28, color: '#1a2b6d' }}>
            {initials}
          </Text>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        By adopting it, you agree that this signature is your electronic signature on this document.
      </Text>
      <Group justify="flex-end">
        <Button onClick={adopt}>Adopt and sign</Button>
      </Group>
    </Stack>
  );
}
