export * from './withholding-tax.rules.ts';
export * from './withholding-tax.schemas.ts';
export * from './withholding-tax.contracts.ts';
