export * from './phone-numbers.ts';
export * from './client-message.schemas.ts';
export * from './client-messages.contracts.ts';
