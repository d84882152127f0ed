export * from './consultation-settings.schemas.ts';
export * from './consultation.schemas.ts';
export * from './consultation-booking-page.schemas.ts';
export * from './consultations.contracts.ts';
export * from './consultation-fee.ts';
