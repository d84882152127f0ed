import type { z } from 'zod';
import type { CustomField, customFieldInputSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './custom-fields.repository.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';

type CustomFieldInput = z.output<typeof customFieldInputSchema>;

const LABEL_TAKEN = 'A custom field with this label already exists';

export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;

export function createCustomFieldsService(database: Database) {
  /** Options only mean something for a list field. */
  const valuesOf = (input: CustomFieldInput): repository.CustomFieldValues => ({
    ...input,
    options: input.fieldType === 'select' ? [...new Set(input.options)] : [],
  });

  return {
    list({ firmId }: FirmPrincipal, entityType?: 'client' | 'matter'): Promise<CustomField[]> {
      return database.withFirm(firmId, (tx) => repository.findCustomFields(tx, firmId, entityType));
    },

    create(principal: FirmPrincipal, input: CustomFieldInput): Promise<CustomField> {
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        if (await repository.hasFieldLabelled(tx, firmId, input.entityType, input.label)) throw conflict(LABEL_TAKEN, 'NAME_TAKEN');
        const field = await repository.insertCustomField(tx, firmId, valuesOf(input));
        await recordAuditEvent(tx, principal, 'customField.created', field.id, { label: field.label, entityType: field.entityType });
        return field;
      });
    },

    update(principal: FirmPrincipal, id: string, input: CustomFieldInput): Promise<CustomField> {
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        if (!(await repository.findCustomField(tx, firmId, id))) throw notFound('Custom field');
        if (await repository.hasFieldLabelled(tx, firmId, input.entityType, input.label, id)) throw conflict(LABEL_TAKEN, 'NAME_TAKEN');
        const field = (await repository.updateCustomField(tx, firmId, id, valuesOf(input)))!;
        await recordAuditEvent(tx, principal, 'customField.updated', id, { label: field.label });
        return field;
      });
    },

    async remove(principal: FirmPrincipal, id: string): Promise<void> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        if (!(await repository.softDeleteCustomField(tx, firmId, id))) throw notFound('Custom field');
        await recordAuditEvent(tx, principal, 'customField.deleted', id);
      });
    },
  };
}
