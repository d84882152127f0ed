/** What other modules may use of the books: the trial balance per currency with its tie-outs, by the statements' own rules. */
export { buildTrialBalance } from './trial-balance.ts';
