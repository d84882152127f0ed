import { checkIntakeAnswers, isFieldShown, type IntakeAnswers, type PublicIntakeForm, type PublicIntakeUpload } from '@matterhorn/shared';
import { useRef, useState, type FormEvent } from 'react';
import { controlId, IntakeFieldControl } from './intake-field-control.tsx';
import { IntakeFileField } from './intake-file-field.tsx';
import { IntakeRequestError } from './public-intake-api.ts';

export const PUBLIC_FORM_TEXT = {
  requiredNote: 'Fields marked * are required.',
  send: 'Send',
  sending: 'Sending…',
  checkAnswers: 'Check the answers marked in the form.',
  honeypot: 'Leave this field empty',
} as const;

export type PublicIntakeFormProps = {
  form: PublicIntakeForm;
  upload: (fieldKey: string, file: File) => Promise<PublicIntakeUpload>;
  submit: (answers: IntakeAnswers, website: string) => Promise<void>;
};

/** Focuses a field's control (a radio group's first button), so the first problem is where the visitor is. */
function focusField(key: string) {
  const control = document.getElementById(controlId(key));
  const target = control?.tagName === 'FIELDSET' ? control.querySelector('input') : control;
  target?.focus();
}

/**
 * The form's fields, each shown only while its show-if rule holds, checked by the rule the server
 * uses (checkIntakeAnswers): a field's problem shows once it was left or the form was sent; the
 * server's refusals show under their fields too.
 */
export function PublicIntakeFormView({ form, upload, submit }: PublicIntakeFormProps) {
  const [answers, setAnswers] = useState<IntakeAnswers>({});
  const [files, setFiles] = useState<Record<string, PublicIntakeUpload[]>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const website = useRef<HTMLInputElement>(null);

  const { errors } = checkIntakeAnswers(form.fields, answers);
  const errorOf = (key: string) => (isSubmitted || touched.has(key) ? (errors[key] ?? serverErrors[key]) : serverErrors[key]);
  const answer = (key: string, value: string | string[]) => {
    setAnswers((previous) => ({ ...previous, [key]: value }));
    setServerErrors(({ [key]: _answered, ...others }) => others);
  };
  const touch = (key: string) => setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    setSubmitted(true);
    setFormError(null);
    const firstProblem = form.fields.find((field) => errors[field.key]);
    if (firstProblem) {
      setFormError(PUBLIC_FORM_TEXT.checkAnswers);
      focusField(firstProblem.key);
      return;
    }
    setSending(true);
    try {
      await submit(checkIntakeAnswers(form.fields, answers).answers, website.current?.value ?? '');
    } catch (failure) {
      const refusal = failure instanceof IntakeRequestError ? failure : new IntakeRequestError(String(failure), 0);
      setServerErrors(refusal.fieldErrors);
      setFormError(refusal.message);
      const named = form.fields.find((field) => refusal.fieldErrors[field.key]);
      if (named) focusField(named.key);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={form.name}>
      <p className="help">{PUBLIC_FORM_TEXT.requiredNote}</p>
      {form.fields.map((field) => {
        if (!isFieldShown(form.fields, field, answers)) return null;
        if (field.type === 'file')
          return (
            <IntakeFileField
              key={field.key}
              field={field}
              files={files[field.key] ?? []}
              error={errorOf(field.key)}
              maxFileBytes={form.maxFileBytes}
              maxFiles={form.maxFilesPerField}
              upload={(file) => upload(field.key, file)}
              onChange={(uploads) => {
                setFiles((previous) => ({ ...previous, [field.key]: uploads }));
                answer(
                  field.key,
                  uploads.map((uploaded) => uploaded.uploadId),
                );
                touch(field.key);
              }}
            />
          );
        const value = answers[field.key];
        return (
          <IntakeFieldControl
            key={field.key}
            field={field}
            value={typeof value === 'string' ? value : ''}
            error={errorOf(field.key)}
            onChange={(text) => answer(field.key, text)}
            onBlur={() => touch(field.key)}
          />
        );
      })}
      {/* A trap for robots: out of sight, out of the accessibility tree and of the tab order (inert). */}
      <div className="honeypot" aria-hidden="true" inert>
        <label htmlFor="intake-website">{PUBLIC_FORM_TEXT.honeypot}</label>
        <input id="intake-website" ref={website} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="form-error" role="alert">
        {formError ?? ''}
      </p>
      <button type="submit" className="primary" disabled={isSending}>
        {isSending ? PUBLIC_FORM_TEXT.sending : PUBLIC_FORM_TEXT.send}
      </button>
    </form>
  );
}
