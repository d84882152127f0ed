import { isValidIsoDate } from '@matterhorn/shared';
import { badRequest } from '../../lib/errors.ts';

type Definition = { id: string; label: string; fieldType: 'text' | 'number' | 'date' | 'select'; options: string[]; isRequired: boolean };

/** Values keyed by the firm's 'matter' custom field ids: unknown ids, missing required values and wrong types are refused. */
export function checkCustomFields(definitions: Definition[], values: Record<string, string>): void {
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  for (const id of Object.keys(values)) {
    if (!byId.has(id)) throw badRequest('Unknown custom field', { customFields: 'Unknown custom field' });
  }
  for (const definition of definitions) {
    const value = values[definition.id]?.trim() ?? '';
    const field = `customFields.${definition.id}`;
    if (!value) {
      if (definition.isRequired) throw badRequest(`${definition.label} is required`, { [field]: `${definition.label} is required` });
      continue;
    }
    const problem = problemOf(definition, value);
    if (problem) throw badRequest(problem, { [field]: problem });
  }
}

function problemOf(definition: Definition, value: string): string | null {
  switch (definition.fieldType) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value) ? null : `${definition.label} must be a number`;
    case 'date':
      return isValidIsoDate(value) ? null : `${definition.label} must be a date (YYYY-MM-DD)`;
    case 'select':
      return definition.options.includes(value) ? null : `${definition.label} must be one of the listed options`;
    default:
      return null;
  }
}
