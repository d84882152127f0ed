/** What seeding a demo firm answers: its owner and members, a portal client and its matters (tests use them as a factory). */
export type SeedFirmOptions = { slug: string; firmName: string; emailDomain: string; password: string };

export type SeededFirm = {
  firmId: string;
  slug: string;
  users: Record<'admin' | 'feeEarner' | 'billing', { id: string; email: string }>;
  portalClient: { clientId: string; email: string };
  otherClientId: string;
  matterIds: string[];
};
