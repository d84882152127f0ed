import { useQuery } from '@tanstack/react-query';
import { loadWebAuthn } from '../../../lib/passkey-ceremony.ts';

/**
 * Whether this browser can use passkeys: true, false, or undefined until known. The check comes
 * with @simplewebauthn/browser, loaded after My account's first paint (a small chunk of its own).
 */
export function usePasskeySupport(): boolean | undefined {
  const support = useQuery({
    queryKey: ['webauthn-support'],
    queryFn: async () => (await loadWebAuthn()).browserSupportsWebAuthn(),
    staleTime: Infinity,
    retry: false,
  });
  return support.data;
}
