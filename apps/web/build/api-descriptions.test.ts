import { describe, expect, it } from 'vitest';
import { withoutApiDescriptions } from './api-descriptions.ts';

describe('withoutApiDescriptions', () => {
  it('leaves out each field description, in either quotes, on one line or several', () => {
    const code = [
      "const a = z.string().describe('The client’s name').optional();",
      'const b = z.string().describe("The firm\'s own \\"number\\"");',
      "const c = z\n  .string()\n  .describe(\n    'A long sentence that prettier put on its own line',\n  )\n  .nullable();",
    ].join('\n');
    expect(withoutApiDescriptions(code)).toBe(
      ['const a = z.string().optional();', 'const b = z.string();', 'const c = z\n  .string()\n  .nullable();'].join('\n'),
    );
  });

  it('keeps everything else, a test named describe included', () => {
    const code = "describe('rules', () => {}); const d = z.string().describe(label);";
    expect(withoutApiDescriptions(code)).toBe(code);
  });
});
