import { Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

export const RECOVERY_CODES_ADVICE = 'Save these recovery codes: each signs in once if you lose your phone.';

/** The codes as a text file the user keeps (a password manager, a printout). */
function downloadCodes(codes: readonly string[]) {
  const text = `Matterhorn recovery codes\n\n${codes.join('\n')}\n\nEach code signs in once, in place of your authenticator app's code.\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'matterhorn-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * New recovery codes, shown this once (the server keeps only their hashes). Focus moves to the
 * advice when they appear, so a screen reader reads it before the codes.
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const adviceRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    adviceRef.current?.focus();
  }, []);
  return (
    <Stack gap="sm">
      <Text ref={adviceRef} tabIndex={-1} fw={500} style={{ outlineOffset: 2 }}>
        {RECOVERY_CODES_ADVICE}
      </Text>
      <List aria-label="Recovery codes" listStyleType="none" spacing={4} styles={{ root: { columns: 2 } }}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="sm">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" variant="default" onClick={() => downloadCodes(codes)}>
          Download
        </Button>
      </Group>
    </Stack>
  );
}
