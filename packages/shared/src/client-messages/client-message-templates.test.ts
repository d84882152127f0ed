import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGE_TEMPLATE_DEFAULTS,
  clientMessageTemplateBodySchema,
  renderClientMessage,
  templateProblemOf,
} from './client-message-templates.ts';

describe('templateProblemOf', () => {
  it.each(Object.entries(CLIENT_MESSAGE_TEMPLATE_DEFAULTS))('accepts the default %s', (_key, template) => {
    expect(templateProblemOf(template.body)).toBeNull();
  });

  it.each([
    ['Outcome: {{outcome}} {{link}}', 'Unknown placeholder {{outcome}}'],
    ['{{noteText}} and {{ body }} at {{link}}', 'Unknown placeholders {{noteText}}, {{body}}'],
    ['See {link}', 'two braces'],
    ['See {{link}} {{', 'two braces'],
    ['News on {{matterName}}', 'include {{link}}'],
  ])('refuses %j saying %s', (body, reason) => {
    expect(templateProblemOf(body)).toContain(reason);
  });

  it('allows spaces inside the braces', () => {
    expect(templateProblemOf('{{ firmName }}: see {{ link }}')).toBeNull();
  });
});

describe('renderClientMessage', () => {
  it('fills the placeholders and leaves out those without a value', () => {
    expect(
      renderClientMessage('{{firmName}}: {{matterName}} on {{date}} . {{link}}', {
        firmName: 'Ade & Co',
        matterName: null,
        date: '10/06/2030',
        link: 'https://x.test/p',
      }),
    ).toBe('Ade & Co: on 10/06/2030. https://x.test/p');
  });
});

describe('clientMessageTemplateBodySchema', () => {
  it('refuses control characters and a text over 300 characters', () => {
    expect(clientMessageTemplateBodySchema.safeParse('See {{link}}\u0007').success).toBe(false);
    expect(clientMessageTemplateBodySchema.safeParse(`${'a'.repeat(300)} {{link}}`).success).toBe(false);
    expect(clientMessageTemplateBodySchema.parse('  See {{link}}  ')).toBe('See {{link}}');
  });
});
