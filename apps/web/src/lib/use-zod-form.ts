import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type FieldErrors = Record<string, string>;

function errorsOf(result: z.ZodSafeParseResult<unknown>): FieldErrors {
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A small form state over a zod schema: errors show only after a field is touched (SPEC.md §5);
 * submitting touches every field. @mantine/form and react-hook-form are not installed.
 */
export function useZodForm<Schema extends z.ZodType, Values extends Record<string, unknown>>(schema: Schema, initialValues: Values) {
  const [values, setValues] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  // A successful submit often navigates away; the form must not update itself once it is gone.
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(() => errorsOf(result), [result]);

  const setValue = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
  }, []);

  const touch = useCallback((name: keyof Values) => {
    setTouched((previous) => ({ ...previous, [name as string]: true }));
  }, []);

  const errorFor = (name: keyof Values): string | undefined => (touched[name as string] ? errors[name as string] : undefined);

  /** Props for a Mantine text input or textarea bound to a string field. */
  const inputProps = (name: keyof Values) => ({
    value: (values[name] as string | undefined) ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value as Values[typeof name]),
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  /** Props for a select bound to a string field: a choice counts as touching it, so its error shows at once. */
  const selectProps = (name: keyof Values) => ({
    value: (values[name] as string | undefined) ?? '',
    onChange: (value: string | null) => {
      setValue(name, (value ?? '') as Values[typeof name]);
      touch(name);
    },
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  const onSubmit = (handler: (data: z.output<Schema>) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])));
    if (!result.success || isSubmitting) return;
    setIsSubmitting(true);
    try {
      await handler(result.data as z.output<Schema>);
    } catch {
      // The API client has already shown the error; the form stops submitting (SPEC.md §8).
    } finally {
      if (isMounted.current) setIsSubmitting(false);
    }
  };

  return { values, setValue, touch, errorFor, inputProps, selectProps, onSubmit, isSubmitting, isValid: result.success };
}
