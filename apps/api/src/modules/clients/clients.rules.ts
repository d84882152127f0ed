import { isValidIsoDate } from '@matterhorn/shared';
import { badRequest } from '../../lib/errors.ts';

export type FieldDefinition = { id: string; label: string; fieldType: string; options: string[]; isRequired: boolean };

/**
 * Checks a client's custom-field values against the firm's definitions: every key must be one of
 * them, required ones must be filled and values must fit their type. Blank values are dropped.
 */
export function checkCustomFieldValues(values: Record<string, string>, definitions: FieldDefinition[]): Record<string, string> {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const kept: Record<string, string> = {};
  for (const [key, raw] of Object.entries(values)) {
    const definition = byId.get(key);
    if (!definition) throw badRequest('Unknown custom field', { customFields: 'Unknown custom field' });
    const value = raw.trim();
    if (value === '') continue;
    const problem = valueProblem(definition, value);
    if (problem) throw badRequest(problem, { [`customFields.${key}`]: problem });
    kept[key] = value;
  }
  for (const definition of definitions) {
    if (definition.isRequired && kept[definition.id] === undefined) {
      const message = `${definition.label} is required`;
      throw badRequest(message, { [`customFields.${definition.id}`]: message });
    }
  }
  return kept;
}

function valueProblem(definition: FieldDefinition, value: string): string | null {
  if (definition.fieldType === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) return `${definition.label} must be a number`;
  if (definition.fieldType === 'date' && !isValidIsoDate(value)) return `${definition.label} must be a date (YYYY-MM-DD)`;
  if (definition.fieldType === 'select' && !definition.options.includes(value)) return `${definition.label} must be one of its options`;
  return null;
}
