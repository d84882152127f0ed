import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../api-client.ts';

type Errors<Values> = Partial<Record<keyof Values, string>>;

/**
 * A form over a shared zod schema that loads the schema (and zod with it) only when it first
 * validates: on leaving a field or on submit. For the sign-in page alone, whose first paint must
 * carry no validation code (issue 13's 120 KB budget); every other form uses useSchemaForm.
 * Same timing as useSchemaForm: a field shows its error once touched or once the form was submitted.
 */
export function useDeferredSchemaForm<Schema extends z.ZodType, Values extends Record<string, string>>(
  loadSchema: () => Promise<Schema>,
  initialValues: Values,
) {
  const [values, setValues] = useState(initialValues);
  const [issues, setIssues] = useState<Errors<Values>>({});
  const [serverErrors, setServerErrors] = useState<Errors<Values>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // One sign-in at a time: a second submit while the first runs does nothing.
  const isRunning = useRef(false);

  const validate = async (next: Values) => {
    const result = (await loadSchema()).safeParse(next);
    const found: Errors<Values> = {};
    for (const issue of result.success ? [] : result.error.issues) {
      const name = issue.path[0] as keyof Values;
      found[name] ??= issue.message;
    }
    setIssues(found);
    return result;
  };

  const inputProps = (name: keyof Values & string) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      setServerErrors((errors) => ({ ...errors, [name]: undefined }));
      if (isSubmitted || touched[name]) void validate(next);
    },
    onBlur: () => {
      setTouched((fields) => ({ ...fields, [name]: true }));
      void validate(values);
    },
    error: serverErrors[name] ?? (isSubmitted || touched[name] ? issues[name] : undefined),
  });

  const onSubmit = (handler: (data: z.output<Schema>) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (isRunning.current) return;
    isRunning.current = true;
    setIsSubmitted(true);
    setIsSubmitting(true);
    try {
      const result = await validate(values);
      if (result.success) await handler(result.data);
    } catch (error) {
      // The API client has already shown the error; a refusal naming a field also shows under it.
      const body = error instanceof ApiError ? (error.body as { errors?: Record<string, unknown> } | null) : null;
      const named = Object.entries(body?.errors ?? {}).filter(([name, message]) => name in values && typeof message === 'string');
      setServerErrors(Object.fromEntries(named) as Errors<Values>);
    } finally {
      isRunning.current = false;
      setIsSubmitting(false);
    }
  };

  return { values, inputProps, onSubmit, isSubmitting };
}
