import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('parses without compiling (no eval for the content-security policy to block) once the app has started', async () => {
    await import('./zod-without-eval.ts');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
