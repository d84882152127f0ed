import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ROUTE_CONTRACTS } from './route-contracts.ts';

/**
 * Every text a call's body carries is checked for control and direction-override characters, so a
 * new field cannot forget: these fields are not kept as text anyone reads (secrets, ids, amounts the
 * server ignores or parses), or are parsed by the server into checked values (a CSV, permission keys).
 */
const NOT_KEPT_AS_TEXT = new Set([
  'adminUserId',
  'amount',
  'businessId',
  'challenge',
  'confirmName',
  'csv',
  'currentPassword',
  'etag',
  'foreignTotalAmount',
  'foreignUserRate',
  'id',
  'password',
  'permissions',
  'slug',
  'ticket',
  'token',
  'totalAmount',
  'uploadToken',
]);
/** Prose, which keeps its line breaks; every other text field is one line. */
const MULTILINE = new Set([
  'address',
  'body',
  'consentNote',
  'defaultPaymentInstructions',
  'description',
  'introduction',
  'invoiceFooter',
  'matterDescription',
  'memo',
  'message',
  'nextAdjournedPurpose',
  'nextSteps',
  'note',
  'notes',
  'outcome',
  'paymentInstructions',
  'purpose',
  'reason',
  'thankYouText',
]);
/** Kept, but cleaned rather than refused: the browser's own name for an uploaded file. */
const CLEANED = new Set(['fileName@/api/admin/document/start-upload']);

type Schema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };
type TextField = { where: string; name: string; schema: Schema };

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function isText(schema: Schema): boolean {
  const def = schema._zod.def;
  if (def.type === 'string') return true;
  if (WRAPPERS.has(def.type)) return isText(def.innerType as Schema);
  if (def.type === 'pipe') return isText(def.in as Schema);
  if (def.type === 'union') return (def.options as Schema[]).some(isText);
  return false;
}

/** Each field of the body whose value is text, or a list of texts (then its items are checked). */
function textFieldsOf(schema: Schema, where: string, name = ''): TextField[] {
  const def = schema._zod.def;
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
      isText(field) ? [{ where, name: key, schema: field }] : textFieldsOf(field, where, key),
    );
  }
  if (WRAPPERS.has(def.type)) return textFieldsOf(def.innerType as Schema, where, name);
  if (def.type === 'pipe') return textFieldsOf(def.in as Schema, where, name);
  if (def.type === 'union') return (def.options as Schema[]).flatMap((option) => textFieldsOf(option, where, name));
  if (def.type === 'intersection')
    return [...textFieldsOf(def.left as Schema, where, name), ...textFieldsOf(def.right as Schema, where, name)];
  if (def.type === 'array') {
    const element = def.element as Schema;
    return isText(element) ? [{ where, name, schema: element }] : textFieldsOf(element, where, name);
  }
  if (def.type === 'record') return textFieldsOf(def.valueType as Schema, where, name);
  return [];
}

const fields = Object.values(ROUTE_CONTRACTS)
  .flatMap((contracts) => Object.values(contracts))
  .filter((contract) => contract.body !== undefined)
  .flatMap((contract) => textFieldsOf(contract.body as Schema, contract.path))
  .filter((field) => !NOT_KEPT_AS_TEXT.has(field.name) && !CLEANED.has(`${field.name}@${field.where}`));

const isAccepted = (schema: Schema, text: string) => {
  try {
    return schema.safeParse(text).success;
  } catch {
    return false;
  }
};

describe('every text field of every call’s body', () => {
  it('is found (the walk reaches the bodies)', () => {
    expect(fields.length).toBeGreaterThan(200);
  });

  it('refuses a direction override', () => {
    const accepting = fields.filter((field) => isAccepted(field.schema, 'Ab\u202Ecd')).map((field) => `${field.where} ${field.name}`);
    expect(accepting).toEqual([]);
  });

  it('refuses a line break unless it is prose', () => {
    const accepting = fields
      .filter((field) => !MULTILINE.has(field.name) && isAccepted(field.schema, 'Ab\r\ncd'))
      .map((field) => `${field.where} ${field.name}`);
    expect(accepting).toEqual([]);
  });
});
