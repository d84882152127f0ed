import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../../lib/api-client.ts';

type Errors<Values> = Partial<Record<keyof Values, string>>;

type AccountFormOptions<Values> = {
  /** The API's name of a field where it differs from the form's ({ password: 'newPassword' }). */
  serverFieldNames?: Record<string, keyof Values & string>;
};

function issuesOf<Values>(schema: z.ZodType, values: Values): Errors<Values> {
  const result = schema.safeParse(values);
  const found: Errors<Values> = {};
  for (const issue of result.success ? [] : result.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
  return found;
}

/**
 * My account's forms, a few text fields each over a shared zod schema, without react-hook-form: its
 * 15 KB would come with the page's first visit (the 250 KB budget), for forms that gain nothing from
 * it (the same choice as Settings › General's form). Same timing as useSchemaForm: a field shows its
 * error once left or once the form was submitted; a refusal naming a field shows under it, and the
 * first field in error takes the focus.
 */
export function useAccountForm<Schema extends z.ZodType, Values extends Record<string, string>>(
  schema: Schema,
  initialValues: Values,
  { serverFieldNames = {} }: AccountFormOptions<Values> = {},
) {
  const [blank] = useState(initialValues);
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors<Values>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  // One submission at a time: a second submit while the first runs does nothing.
  const isRunning = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const issues = useMemo(() => issuesOf(schema, values), [schema, values]);

  useEffect(() => {
    // Mantine marks a password input in error with data-invalid alone.
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], input[data-invalid="true"]')?.focus();
  }, [focusRequest]);

  const errorFor = (name: keyof Values & string): string | undefined =>
    serverErrors[name] ?? (isSubmitted || touched[name] ? issues[name] : undefined);

  /** Props for a Mantine text or password input. */
  const inputProps = (name: keyof Values & string) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setServerErrors((current) => ({ ...current, [name]: undefined }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: errorFor(name),
  });

  const onSubmit = (handler: (data: z.output<Schema>) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (isRunning.current) return;
    setIsSubmitted(true);
    const result = schema.safeParse(values);
    if (!result.success) {
      setFocusRequest((count) => count + 1);
      return;
    }
    isRunning.current = true;
    setIsSubmitting(true);
    setServerErrors({});
    try {
      await handler(result.data);
    } catch (error) {
      // The API client has already toasted it; a refusal naming a field also shows under it.
      const named: Errors<Values> = {};
      for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
        const field = serverFieldNames[name] ?? name;
        if (field in values) named[field as keyof Values] = message;
      }
      setServerErrors(named);
      if (Object.keys(named).length > 0) setFocusRequest((count) => count + 1);
    } finally {
      isRunning.current = false;
      setIsSubmitting(false);
    }
  };

  /** Back to the values it started with (after a password change), no error shown. */
  const reset = () => {
    setValues(blank);
    setTouched({});
    setIsSubmitted(false);
    setServerErrors({});
  };

  const isChanged = Object.keys(values).some((name) => values[name] !== blank[name]);

  return { formRef, values, inputProps, errorFor, onSubmit, isSubmitting, isChanged, reset };
}
