import type { FirmPrincipal } from '../plugins/route-access.ts';

/** What seeding a demo firm answers: its owner and members, a portal client and its matters (tests use them as a factory). */
export type SeedFirmOptions = {
  slug: string;
  firmName: string;
  emailDomain: string;
  password: string;
  /** How many days ago its trial began (default today). */
  trialStartedDaysAgo?: number;
};

export type SeededFirm = {
  firmId: string;
  slug: string;
  users: Record<'admin' | 'feeEarner' | 'billing', { id: string; email: string }>;
  portalClient: { clientId: string; email: string };
  otherClientId: string;
  matterIds: string[];
};

/**
 * A member of the seeded firm acting through a module's own service while the seed runs (no sign-in
 * session): the administrator with every permission unless told otherwise.
 */
export const seedPrincipalOf = (
  firm: SeededFirm,
  who: keyof SeededFirm['users'] = 'admin',
  permissions: string[] = ['administrator'],
): FirmPrincipal => ({
  kind: 'firm',
  sessionId: 'demo-seed',
  firmId: firm.firmId,
  userId: firm.users[who].id,
  adminUserId: firm.users.admin.id,
  permissions,
  isVerified: true,
});
