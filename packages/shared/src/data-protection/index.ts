export * from './data-subject-requests.schemas.ts';
export * from './retention.schemas.ts';
export * from './breaches.schemas.ts';
export * from './privacy-notice.schemas.ts';
