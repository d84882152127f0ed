import type { FirmSettings } from '@matterhorn/shared';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import type { FirmSettingsUpdate } from '../api/firm-settings.ts';
import {
  changedFields,
  checkChanges,
  toFormValues,
  type FieldErrors,
  type FirmSettingsField,
  type FirmSettingsValues,
} from '../utils/firm-settings-values.ts';

export const NOTHING_TO_SAVE = 'Nothing to save: no setting has changed.';

type TextField = Exclude<FirmSettingsField, 'multicurrency' | 'suggestsTime' | 'logo'>;

/**
 * The General page's form: every setting on one page, but only what changed is checked (by the
 * API's schema) and sent. Without react-hook-form: its 14 KB would take the page past the 250 KB
 * first-visit budget, and a form that checks only its changed fields gains nothing from it.
 * Same timing as useSchemaForm: a field shows its error once left or once the form was submitted.
 */
export function useFirmSettingsForm(settings: FirmSettings, save: (body: FirmSettingsUpdate) => Promise<FirmSettings>) {
  /** What the API last answered: the form is "changed" where it differs. */
  const [saved, setSaved] = useState(() => toFormValues(settings));
  const [values, setValues] = useState(saved);
  const [touched, setTouched] = useState<Partial<Record<FirmSettingsField, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // One save at a time: a second submit while the first runs does nothing.
  const isRunning = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const changed = useMemo(() => changedFields(values, saved), [values, saved]);
  const { errors } = useMemo(() => checkChanges(values, saved), [values, saved]);

  // After a refused save, the first field in error (or the form's message) takes the focus.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')?.focus();
  }, [focusRequest]);

  const setValue = <Name extends FirmSettingsField>(name: Name, value: FirmSettingsValues[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
  };
  const isChanged = (name: FirmSettingsField) => changed.includes(name);
  const touch = (name: FirmSettingsField) => setTouched((current) => ({ ...current, [name]: true }));
  const errorFor = (name: FirmSettingsField): string | undefined =>
    serverErrors[name] ?? (isSubmitted || touched[name] ? errors[name] : undefined);

  /** Props for a text input or textarea. */
  const inputProps = (name: TextField) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.currentTarget.value),
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  /** Props for a select or a control that hands over its new text (the money input). */
  const valueProps = (name: TextField) => ({
    value: values[name],
    onChange: (value: string | null) => {
      setValue(name, value ?? '');
      touch(name);
    },
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isRunning.current) return;
    setIsSubmitted(true);
    setFormError(null);
    const checked = checkChanges(values, saved);
    if (Object.keys(checked.errors).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    if (changed.length === 0) {
      toast.information(NOTHING_TO_SAVE);
      return;
    }
    isRunning.current = true;
    setIsSaving(true);
    const sent = values;
    try {
      const answer = toFormValues(await save(checked.body));
      setSaved(answer);
      // The saved answer replaces what was sent; a field edited while saving keeps its edit.
      setValues((current) => {
        const next = { ...answer };
        for (const name of changedFields(current, sent)) Object.assign(next, { [name]: current[name] });
        return next;
      });
      setTouched({});
      setIsSubmitted(false);
      setServerErrors({});
    } catch (error) {
      // The API client has already toasted it; the message also stays by its field, or above Save.
      const named = Object.entries(fieldErrorsOf(error)).filter(([name]) => name in values);
      if (named.length > 0) setServerErrors(Object.fromEntries(named));
      else setFormError(error instanceof Error ? error.message : 'The settings could not be saved.');
      setFocusRequest((count) => count + 1);
    } finally {
      isRunning.current = false;
      setIsSaving(false);
    }
  };

  return {
    formRef,
    values,
    changedCount: changed.length,
    isChanged,
    setValue,
    touch,
    errorFor,
    inputProps,
    valueProps,
    onSubmit,
    isSaving,
    formError,
  };
}

export type FirmSettingsForm = ReturnType<typeof useFirmSettingsForm>;
