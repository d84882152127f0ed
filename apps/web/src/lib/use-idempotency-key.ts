import { useCallback, useState } from 'react';

/**
 * One Idempotency-Key per thing the user is creating: repeated clicks and retries of the same
 * submission share it, so the server creates the record once; renew() after a success starts the
 * next record ("Save & Add New").
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(() => crypto.randomUUID());
  const renew = useCallback(() => setKey(crypto.randomUUID()), []);
  return { key, renew };
}
