export * from './phone-numbers.ts';
export * from './client-message.schemas.ts';
export * from './client-messages.contracts.ts';
export * from './client-message-templates.ts';
export * from './client-message-opt-ins.schemas.ts';
export * from './client-message-settings.contracts.ts';
