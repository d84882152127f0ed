import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';

export type DrawnSignaturePadProps = {
  /** The drawing as a PNG data URL after each stroke; null when cleared. */
  onChange: (image: string | null) => void;
};

/**
 * A box to draw a signature in with a finger, pen or mouse (signature_pad, loaded only when the
 * signer picks Draw). Someone who cannot draw uses Type instead, which signs the same.
 */
export function DrawnSignaturePad({ onChange }: DrawnSignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [isReady, setIsReady] = useState(false);

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    let isCurrent = true;
    void import('signature_pad').then(({ default: Pad }) => {
      if (!isCurrent) return;
      // Drawn at the screen's size: a larger bitmap would only make the PNG heavier.
      target.width = target.offsetWidth;
      target.height = target.offsetHeight;
      const created = new Pad(target, { penColor: '#1a2b6d', minWidth: 0.8, maxWidth: 2.6 });
      created.addEventListener('endStroke', () => onChange(created.isEmpty() ? null : created.toDataURL('image/png')));
      pad.current = created;
      setIsReady(true);
    });
    return () => {
      isCurrent = false;
      pad.current?.off();
      pad.current = null;
    };
    // The pad is made once; onChange is read when a stroke ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clear = () => {
    pad.current?.clear();
    onChange(null);
  };

  return (
    <Stack gap={4}>
      <canvas
        ref={canvas}
        role="img"
        aria-label="Signature drawing area: draw your signature with a finger, pen or mouse"
        style={{
          width: '100%',
          height: 160,
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 4,
          touchAction: 'none',
          background: 'white',
        }}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {isReady ? 'Draw inside the box.' : 'Loading the drawing box…'}
        </Text>
        <Button size="xs" variant="default" onClick={clear}>
          Clear
        </Button>
      </Group>
    </Stack>
  );
}
