import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, type ChangeEvent, type FormEvent } from 'react';
import { get, set, useForm, type DefaultValues, type FieldPath, type FieldValues, type PathValue, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorsOf } from '../api-client.ts';

/**
 * A react-hook-form form over a shared zod schema, with SPEC.md §5's timing: every change
 * re-validates the whole form (a rule may span fields), but a field shows its error only once it
 * is touched or the form was submitted. Errors are keyed by their full path
 * (`assignees.0.hourlyRate`), so repeated rows get their own messages.
 */
export function useSchemaForm<Schema extends z.ZodType, Values extends FieldValues>(schema: Schema, initialValues: Values) {
  const form = useForm<Values>({
    // The form holds what the inputs hold; the schema turns it into what the API takes.
    resolver: zodResolver(schema as never, undefined, { mode: 'sync' }) as unknown as Resolver<Values>,
    defaultValues: initialValues as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors, touchedFields, isSubmitted, isSubmitting, isDirty } = form.formState;
  const values = form.watch() as Values;
  // One save at a time: a second submit while the first runs does nothing.
  const isRunning = useRef(false);

  const setValue = <Name extends FieldPath<Values>>(name: Name, value: PathValue<Values, Name>) => {
    form.setValue(name, value, { shouldDirty: true });
    void form.trigger();
  };

  const touch = (name: FieldPath<Values>) => {
    void form.trigger(name, { shouldTouch: true });
  };

  /** The rule a value breaks, touched or not: for sections that decide themselves when to show it. */
  const issueAt = (name: FieldPath<Values>): string | undefined => {
    const error = get(errors, name) as { message?: unknown; root?: { message?: unknown } } | undefined;
    // A rule over a whole field array lands on the array itself or, beside row errors, on its root.
    const message = error?.message ?? error?.root?.message;
    return typeof message === 'string' ? message : undefined;
  };

  const errorFor = (name: FieldPath<Values>): string | undefined => (isSubmitted || get(touchedFields, name) ? issueAt(name) : undefined);

  /** Props for a Mantine text input or textarea bound to a string field. */
  const inputProps = (name: FieldPath<Values>) => ({
    value: (get(values, name) as string | undefined) ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value as PathValue<Values, typeof name>),
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  /** Props for a control that hands its new text to onChange (a money input, a date field): touched on blur. */
  const valueProps = (name: FieldPath<Values>) => ({
    value: (get(values, name) as string | undefined) ?? '',
    onChange: (value: string) => setValue(name, value as PathValue<Values, typeof name>),
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  /** Props for a select bound to a string field: a choice counts as touching it, so its error shows at once. */
  const selectProps = (name: FieldPath<Values>) => ({
    value: (get(values, name) as string | undefined) ?? '',
    onChange: (value: string | null) => {
      setValue(name, (value ?? '') as PathValue<Values, typeof name>);
      touch(name);
    },
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  const onSubmit = (handler: (data: z.output<Schema>) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (isRunning.current) return;
    isRunning.current = true;
    try {
      await form.handleSubmit(async (data) => {
        try {
          await handler(data as z.output<Schema>);
        } catch (error) {
          // The API client has already shown the error; the form stops submitting (SPEC.md §8).
          // A refusal naming one of this form's fields (a guessable password, a matter's custom
          // field 'customFields.<id>') also shows under it.
          const current = form.getValues();
          for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
            if (name in current || get(current, name) !== undefined) form.setError(name as FieldPath<Values>, { type: 'server', message });
          }
        }
      })();
    } finally {
      isRunning.current = false;
    }
  };

  /** A value the form fills in by itself (the firm's only account): it starts the form, so it is no change of the user's. */
  const setInitialValue = <Name extends FieldPath<Values>>(name: Name, value: PathValue<Values, Name>) => {
    const defaults = structuredClone(form.formState.defaultValues ?? {}) as Values;
    set(defaults, name, value);
    // What the user changed stays; the rest (this field among it) starts from the new defaults.
    form.reset(defaults, { keepDirtyValues: true, keepErrors: true, keepTouched: true, keepIsSubmitted: true });
    void form.trigger();
  };

  /** After a save that stays on the page: what the form holds now is what is saved (no longer a change). */
  const markSaved = () => form.reset(form.getValues());

  /** Re-checks the whole form, e.g. after a field array's row was added or removed. */
  const validate = () => void form.trigger();

  return {
    values,
    getValues: form.getValues,
    setValue,
    setInitialValue,
    markSaved,
    touch,
    validate,
    errorFor,
    issueAt,
    inputProps,
    valueProps,
    selectProps,
    onSubmit,
    isSubmitting,
    /** Whether the values differ from those the form started with (what "Discard changes?" protects). */
    isDirty,
    control: form.control,
  };
}

export type SchemaForm<Values extends FieldValues> = ReturnType<typeof useSchemaForm<z.ZodType, Values>>;
