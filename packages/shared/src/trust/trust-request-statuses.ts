// Apart from the trust requests' schemas, so a page that only names a status (the portal's
// statement) does not load the trust forms' schemas with it.

export const TRUST_REQUEST_STATUSES = ['Draft', 'AwaitingApproval', 'Sent', 'PartlyPaid', 'Paid', 'Cancelled'] as const;
export type TrustRequestStatus = (typeof TRUST_REQUEST_STATUSES)[number];
