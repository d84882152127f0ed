export * from './permission-names.ts';
export * from './check-permissions.ts';
