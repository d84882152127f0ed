import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_STEPS,
  fillReminderTemplate,
  reminderStepLabel,
  unknownMergeFields,
  type ReminderMergeValues,
} from './reminder-templates.ts';

const values: ReminderMergeValues = {
  clientName: 'Adeyemi Holdings Ltd',
  invoiceNumber: 'INV-00012',
  amountDue: 'NGN 1,250,000.00',
  dueDate: '31/03/2030',
  daysOverdue: '7',
  payLink: 'https://firm.example/billing/invoice/abc',
  firmName: 'Okafor & Bello LP',
};

describe('reminder templates', () => {
  it.each([
    [-30, '30 days before due'],
    [-1, '1 day before due'],
    [0, 'On the due date'],
    [1, '1 day overdue'],
    [14, '14 days overdue'],
  ])('names the step %i "%s"', (days, label) => expect(reminderStepLabel(days)).toBe(label));

  it('fills every merge field, with or without spaces inside the braces, and leaves other text alone', () => {
    expect(
      fillReminderTemplate(
        'Dear {{clientName}}, {{ invoiceNumber }} for {{amountDue}} was due {{dueDate}} ({{daysOverdue}} days): {{payLink}} — {{firmName}} {x} {{}}',
        values,
      ),
    ).toBe(
      'Dear Adeyemi Holdings Ltd, INV-00012 for NGN 1,250,000.00 was due 31/03/2030 (7 days): https://firm.example/billing/invoice/abc — Okafor & Bello LP {x} {{}}',
    );
  });

  it('names the fields it does not know, once each, and leaves them as written', () => {
    expect(unknownMergeFields('{{clientName}} {{amountOwed}} {{ amountOwed }} {{Firm}}')).toEqual(['amountOwed', 'Firm']);
    expect(fillReminderTemplate('{{amountOwed}}', values)).toBe('{{amountOwed}}');
  });

  it('ships default steps that use only known fields, one per day', () => {
    expect(DEFAULT_REMINDER_STEPS.map((step) => step.daysFromDue)).toEqual([-7, 0, 7, 14, 30]);
    for (const step of DEFAULT_REMINDER_STEPS) expect(unknownMergeFields(step.subject + step.body)).toEqual([]);
  });
});
