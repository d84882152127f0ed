import type { Plugin } from 'vite';

/**
 * `.describe('…')` with one string literal, as the shared schemas write their fields' OpenAPI
 * descriptions (eslint holds them to a literal). Quotes may be either kind; prettier may break the
 * call over lines and add a trailing comma.
 */
const DESCRIBE_CALL = /\s*\.describe\(\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*,?\s*\)/g;

/** The shared schemas' code without their descriptions: validation is the same, the prose is gone. */
export function withoutApiDescriptions(code: string): string {
  return code.replace(DESCRIBE_CALL, '');
}

/**
 * The web validates with the shared schemas but never shows their field descriptions, which only
 * the server's OpenAPI document reads: about two thousand sentences that would otherwise be in the
 * pages' JavaScript (ADR 44).
 */
export function apiDescriptionsLeftOut(): Plugin {
  return {
    name: 'matterhorn-api-descriptions-left-out',
    apply: 'build',
    transform: {
      filter: { id: /packages\/shared\/src\/.*\.ts$/ },
      handler(code) {
        const stripped = withoutApiDescriptions(code);
        return stripped === code ? null : { code: stripped, map: null };
      },
    },
  };
}
