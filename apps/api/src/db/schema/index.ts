export * from './reference.ts';
export * from './firms.ts';
export * from './auth.ts';
export * from './clients.ts';
export * from './matters.ts';
export * from './subscriptions.ts';
export * from './exchange-rates.ts';
export * from './idempotency.ts';
