/**
 * zod compiles object parsers with `new Function` when it may, and probes for it once. The app's
 * content-security policy forbids eval, so the probe is blocked and reported on every page: parse
 * without compiling instead. zod keeps its settings on this global (what z.config() writes), so
 * setting it here, imported first by main.tsx before any schema is built, costs the sign-in page
 * none of zod's code; zod-without-eval.test.ts holds zod to it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
