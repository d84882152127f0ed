import type { Profile } from '@matterhorn/shared';
import { keepForToken, keptForToken } from './kept-for-token.ts';

/** The signed-in member's profile and permissions as last answered: reopened offline, the app is still that member. */
const KEY = 'keptFirmSession';

type KeptFirmSession = { profile: Profile; permissions: readonly string[] };

export const keepFirmSession = (token: string, profile: Profile, permissions: readonly string[]) =>
  keepForToken<KeptFirmSession>(KEY, token, { profile, permissions });

export const keptFirmSession = (token: string) => keptForToken<KeptFirmSession>(KEY, token);
