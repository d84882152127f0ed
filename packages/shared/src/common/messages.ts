/** On-screen and API texts copied character for character from SPEC.md. */
export const SPEC_MESSAGES = {
  noPermission: "You don't have permission to perform this action. Please contact your admin to provide access",
  unauthorized: 'You are unauthorized',
  noBusinesses: 'No businesses found',
  subscriptionNotFound: 'Subscription details not found',
  planContextMissing: 'An error occured',
} as const;
