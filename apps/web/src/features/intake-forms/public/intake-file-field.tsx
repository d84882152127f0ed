import type { PublicIntakeUpload } from '@matterhorn/shared';
import { useState } from 'react';
import { controlId, describedBy, FieldNotes, LabelText, type PublicIntakeField } from './intake-field-control.tsx';
import { IntakeRequestError } from './public-intake-api.ts';

export type IntakeFileFieldProps = {
  field: PublicIntakeField;
  files: PublicIntakeUpload[];
  error: string | undefined;
  maxFileBytes: number;
  maxFiles: number;
  upload: (file: File) => Promise<PublicIntakeUpload>;
  onChange: (files: PublicIntakeUpload[]) => void;
};

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

export const FILE_TEXT = {
  tooBig: (name: string, max: number) => `${name} is larger than ${megabytes(max)}`,
  tooMany: (max: number) => `At most ${max} files`,
  uploading: (name: string) => `Uploading ${name}…`,
  limits: (max: number, bytes: number) => `Up to ${max} files, ${megabytes(bytes)} each.`,
  remove: (name: string) => `Remove ${name}`,
} as const;

/**
 * A file field: each chosen file is uploaded at once (the server scans it before anyone at the
 * firm can open it) and listed with a Remove button; the answer is the uploads' ids.
 */
export function IntakeFileField({ field, files, error, maxFileBytes, maxFiles, upload, onChange }: IntakeFileFieldProps) {
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;

  const choose = async (chosen: FileList | null) => {
    setProblem(null);
    let kept = files;
    for (const file of Array.from(chosen ?? [])) {
      if (kept.length >= maxFiles) {
        setProblem(FILE_TEXT.tooMany(maxFiles));
        break;
      }
      if (file.size > maxFileBytes) {
        setProblem(FILE_TEXT.tooBig(file.name, maxFileBytes));
        continue;
      }
      setUploading(file.name);
      try {
        kept = [...kept, await upload(file)];
        onChange(kept);
      } catch (failure) {
        setProblem(failure instanceof IntakeRequestError ? failure.message : String(failure));
      } finally {
        setUploading(null);
      }
    }
  };

  return (
    <div className="field">
      <label htmlFor={controlId(field.key)}>
        <LabelText field={field} />
      </label>
      <input
        id={controlId(field.key)}
        type="file"
        multiple={maxFiles > 1}
        disabled={uploading !== null || files.length >= maxFiles}
        aria-invalid={shownError ? true : undefined}
        aria-required={field.isRequired || undefined}
        aria-describedby={[describedBy(field, shownError), `${controlId(field.key)}-limits`].filter(Boolean).join(' ')}
        onChange={(event) => {
          const input = event.currentTarget;
          void choose(input.files).then(() => {
            // The same file may be chosen again after it is removed.
            input.value = '';
          });
        }}
      />
      <p className="help" id={`${controlId(field.key)}-limits`}>
        {FILE_TEXT.limits(maxFiles, maxFileBytes)}
      </p>
      <p className="help" role="status">
        {uploading ? FILE_TEXT.uploading(uploading) : ''}
      </p>
      {files.length > 0 && (
        <ul className="files">
          {files.map((file) => (
            <li key={file.uploadId}>
              <span>{file.fileName}</span>
              <button type="button" className="link-button" onClick={() => onChange(files.filter((other) => other !== file))}>
                {FILE_TEXT.remove(file.fileName)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldNotes field={field} error={shownError} />
    </div>
  );
}
