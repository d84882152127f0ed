import type { FirmSession } from '@matterhorn/shared';
import { postLoginTarget } from '../../lib/redirects.ts';

/** Where a firm sign-in lands (SPEC.md §4): verification first, then set-up, then the remembered page. */
export function firmLandingPath(session: FirmSession, searchParams: URLSearchParams): string {
  if (!session.isVerified) return '/verification';
  if (!session.isFirmSetUp) return '/setup-firm';
  return postLoginTarget(searchParams);
}
