export * from './withholding-tax.rules.ts';
export * from './withholding-tax.schemas.ts';
export * from './withholding-tax.contracts.ts';
export * from './client-withholding-tax.schemas.ts';
export * from './client-withholding-tax.contracts.ts';
