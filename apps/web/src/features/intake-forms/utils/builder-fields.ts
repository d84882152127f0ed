import type { IntakeField, IntakeFieldType, IntakeForm, IntakeFormInput, IntakeLeadField } from '@matterhorn/shared';

/** A field as the builder holds it: every property present, as the API answers it. */
export type BuilderField = IntakeField;

export type BuilderValues = {
  name: string;
  slug: string;
  introduction: string;
  thankYouText: string;
  assigneeUserId: string;
  practiceAreaId: string;
  fields: BuilderField[];
};

/** The types a show-if rule may read (the server's rule: what a visitor types or picks as one answer). */
export const RULE_SOURCE_TYPES: readonly IntakeFieldType[] = ['text', 'choice', 'yesNo', 'email', 'phone', 'date'];

const KEY_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A key no other field has, made once and kept across edits (the answers are stored by it). */
export function newFieldKey(taken: ReadonlySet<string>, random: () => number = Math.random): string {
  for (;;) {
    let key = 'f';
    for (let index = 0; index < 8; index += 1) key += KEY_LETTERS[Math.floor(random() * KEY_LETTERS.length)];
    if (!taken.has(key)) return key;
  }
}

export function newField(type: IntakeFieldType, fields: readonly BuilderField[], random?: () => number): BuilderField {
  return {
    key: newFieldKey(new Set(fields.map((field) => field.key)), random),
    type,
    label: '',
    help: null,
    isRequired: false,
    options: type === 'choice' ? ['', ''] : [],
    showIf: null,
    leadField: null,
  };
}

/** The fields with one moved up (-1) or down (+1); a show-if rule that would then read a later field is dropped. */
export function moveField(fields: readonly BuilderField[], index: number, step: -1 | 1): BuilderField[] {
  const target = index + step;
  if (target < 0 || target >= fields.length) return [...fields];
  const moved = [...fields];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return withRulesOnEarlierFields(moved);
}

/** The fields without one; rules that read it go with it (the field they depend on is gone). */
export function removeField(fields: readonly BuilderField[], index: number): BuilderField[] {
  return withRulesOnEarlierFields(fields.filter((_field, other) => other !== index));
}

/** A field's type changed: choices keep their options, others have none; rules reading it drop if it can no longer be read. */
export function changeFieldType(fields: readonly BuilderField[], index: number, type: IntakeFieldType): BuilderField[] {
  const changed = fields.map((field, other) =>
    other === index
      ? { ...field, type, options: type === 'choice' ? (field.options.length > 0 ? field.options : ['', '']) : [], leadField: null }
      : field,
  );
  return withRulesOnEarlierFields(changed);
}

/** Keeps only the show-if rules that read an earlier field of a type a rule can read (the server's definition rule). */
function withRulesOnEarlierFields(fields: BuilderField[]): BuilderField[] {
  return fields.map((field, index) => {
    if (!field.showIf) return field;
    const source = fields.slice(0, index).find((earlier) => earlier.key === field.showIf!.fieldKey);
    return source && RULE_SOURCE_TYPES.includes(source.type) ? field : { ...field, showIf: null };
  });
}

/** The fields a field's rule may read: those above it, of a type a rule can read. */
export function ruleSources(fields: readonly BuilderField[], index: number): BuilderField[] {
  return fields.slice(0, index).filter((field) => RULE_SOURCE_TYPES.includes(field.type));
}

const starterField = (key: string, type: IntakeFieldType, label: string, leadField: IntakeLeadField, isRequired = true): BuilderField => ({
  key,
  type,
  label,
  help: null,
  isRequired,
  options: [],
  showIf: null,
  leadField,
});

/** What the builder starts with for a new form: the name and email every lead needs. */
export function newFormValues(assigneeUserId: string): BuilderValues {
  return {
    name: '',
    slug: '',
    introduction: '',
    thankYouText: 'Thank you. We have your enquiry and will be in touch within one working day.',
    assigneeUserId,
    practiceAreaId: '',
    fields: [
      starterField('firstName', 'text', 'First name', 'firstName'),
      starterField('lastName', 'text', 'Last name', 'lastName'),
      starterField('email', 'email', 'Email', 'email'),
      starterField('phone', 'phone', 'Phone', 'phone', false),
      starterField('matter', 'longText', 'How can we help?', 'matterDescription'),
    ],
  };
}

export function formValuesOf(form: IntakeForm): BuilderValues {
  return {
    name: form.name,
    slug: form.slug,
    introduction: form.introduction ?? '',
    thankYouText: form.thankYouText,
    assigneeUserId: form.assigneeUserId,
    practiceAreaId: form.practiceAreaId ?? '',
    fields: form.fields.map((field) => ({ ...field, showIf: field.showIf ? { ...field.showIf } : null })),
  };
}

/** The body the create and update calls take. */
export function intakeFormInputOf(values: BuilderValues): IntakeFormInput {
  return {
    ...values,
    introduction: values.introduction.trim() || null,
    practiceAreaId: values.practiceAreaId || null,
    fields: values.fields.map((field) => ({
      ...field,
      help: field.help?.trim() || null,
      // A choice's options are typed a line each: the empty lines are not options.
      options: field.options.map((option) => option.trim()).filter(Boolean),
    })),
  };
}

/** A form address from its name: small letters, digits and hyphens. */
export function slugFromName(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      // Accents come apart from their letters: é is e and a mark, and the mark goes.
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '')
  );
}

/** The field types each lead detail may come from (the server's definition rule). */
export const LEAD_FIELD_TYPES: Record<IntakeLeadField, readonly IntakeFieldType[]> = {
  firstName: ['text'],
  lastName: ['text'],
  companyName: ['text'],
  email: ['email'],
  phone: ['phone', 'text'],
  address: ['text', 'longText'],
  matterDescription: ['text', 'longText'],
  opposingParties: ['text', 'longText'],
};
