import { INTAKE_LIMITS, type PublicIntakeForm } from '@matterhorn/shared';
import { useState } from 'react';
import { PublicIntakeFormView } from '../public/public-intake-form.tsx';
import { IntakeRequestError } from '../public/public-intake-api.ts';
import '../public/public-intake.css';
import type { BuilderValues } from '../utils/builder-fields.ts';

const PREVIEW_UPLOAD = 'Files are not uploaded in the preview.';

/**
 * The form as a visitor will see it, drawn by the public page's own components as the builder
 * changes: show-if rules apply as you answer, and Send checks the answers but sends nothing.
 */
export function IntakeFormPreview({ values, firmName }: { values: BuilderValues; firmName: string }) {
  const [thankYou, setThankYou] = useState<string | null>(null);
  const form: PublicIntakeForm = {
    firmName,
    name: values.name || 'Untitled form',
    introduction: values.introduction || null,
    fields: values.fields
      .filter((field) => field.label.trim())
      .map(({ leadField: _leadField, ...field }) => ({ ...field, options: field.options.filter((option) => option.trim()) })),
    maxFileBytes: INTAKE_LIMITS.maxFileBytes,
    maxFilesPerField: INTAKE_LIMITS.maxFilesPerField,
  };
  return (
    <section className="intake-form" aria-label="Preview" style={{ border: '1px solid #dee2e6', borderRadius: 8, padding: '1rem' }}>
      <p className="firm-name">{form.firmName}</p>
      <h3>{form.name}</h3>
      {thankYou !== null ? (
        <>
          <p className="multiline">{thankYou}</p>
          <button type="button" className="link-button" onClick={() => setThankYou(null)}>
            Back to the form
          </button>
        </>
      ) : (
        <>
          {form.introduction && <p className="multiline">{form.introduction}</p>}
          <PublicIntakeFormView
            // A field's key or type changing starts the preview's answers afresh.
            key={form.fields.map((field) => `${field.key}:${field.type}`).join(',')}
            form={form}
            upload={() => Promise.reject(new IntakeRequestError(PREVIEW_UPLOAD, 0))}
            submit={async () => setThankYou(values.thankYouText)}
          />
        </>
      )}
    </section>
  );
}
