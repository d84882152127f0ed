import { Code, Image, Stack, Text } from '@mantine/core';
import type { TotpSetup } from '@matterhorn/shared';

/** A new authenticator secret: the QR code to scan, and the key to type in when the camera cannot. */
export function AuthenticatorKey({ setup }: { setup: TotpSetup }) {
  return (
    <Stack gap="xs" align="center">
      <Image src={setup.qrCode} alt="QR code to scan with your authenticator app" w={200} h={200} />
      <Text size="sm" ta="center">
        Cannot scan it? Type this key into the app instead:{' '}
        <Code fz="sm" style={{ wordBreak: 'break-all' }}>
          {setup.secret}
        </Code>
      </Text>
    </Stack>
  );
}
