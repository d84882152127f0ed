import { config } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may, and probes for it once. The app's
 * content-security policy forbids eval, so the probe is blocked and reported on every page: parse
 * without compiling instead. Imported first by main.tsx, because schemas decide at construction.
 */
config({ jitless: true });
