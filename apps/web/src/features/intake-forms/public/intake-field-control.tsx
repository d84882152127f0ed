import type { IntakeFieldView } from '@matterhorn/shared';
import type { ReactNode } from 'react';

export type PublicIntakeField = Omit<IntakeFieldView, 'leadField'>;

type FieldProps = {
  field: PublicIntakeField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** Choices up to this many are radio buttons (one tap each on a phone); more are a list. */
const MOST_RADIOS = 6;

export const controlId = (key: string) => `field-${key}`;
const helpId = (key: string) => `field-${key}-help`;
export const errorId = (key: string) => `field-${key}-error`;

/** The ids a control names as its description: its hint and its error. */
export function describedBy(field: PublicIntakeField, error: string | undefined): string | undefined {
  const ids = [field.help ? helpId(field.key) : '', error ? errorId(field.key) : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The label's text with the required mark people see (screen readers hear "required" from the control). */
export function LabelText({ field }: { field: PublicIntakeField }) {
  return (
    <>
      {field.label}
      {field.isRequired && (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
}

export function FieldNotes({ field, error }: { field: PublicIntakeField; error: string | undefined }) {
  return (
    <>
      {field.help && (
        <p className="help" id={helpId(field.key)}>
          {field.help}
        </p>
      )}
      {error && (
        <p className="error" id={errorId(field.key)}>
          {error}
        </p>
      )}
    </>
  );
}

/** A group of radio buttons under a legend: a choice, or yes/no. */
function RadioGroup({ field, value, error, onChange, onBlur, options }: FieldProps & { options: { value: string; label: string }[] }) {
  return (
    <fieldset
      className="field"
      id={controlId(field.key)}
      aria-describedby={describedBy(field, error)}
      aria-invalid={error ? true : undefined}
      aria-required={field.isRequired || undefined}
      role="radiogroup"
    >
      <legend>
        <LabelText field={field} />
      </legend>
      <div className="options">
        {options.map((option) => (
          <label key={option.value} className="option">
            <input
              type="radio"
              name={field.key}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              onBlur={onBlur}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldNotes field={field} error={error} />
    </fieldset>
  );
}

const INPUT_TYPES = { text: 'text', email: 'email', phone: 'tel', date: 'date' } as const;
const AUTOCOMPLETE = { email: 'email', phone: 'tel' } as const;

/** One text-like field (text, long text, email, phone, date, choice, yes/no) with its label, hint and error. */
export function IntakeFieldControl(props: FieldProps): ReactNode {
  const { field, value, error, onChange, onBlur } = props;
  if (field.type === 'yesNo')
    return (
      <RadioGroup
        {...props}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
      />
    );
  if (field.type === 'choice' && field.options.length <= MOST_RADIOS)
    return <RadioGroup {...props} options={field.options.map((option) => ({ value: option, label: option }))} />;

  const common = {
    id: controlId(field.key),
    name: field.key,
    value,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.isRequired || undefined,
    'aria-describedby': describedBy(field, error),
  } as const;
  let control: ReactNode;
  if (field.type === 'longText') control = <textarea {...common} rows={5} onChange={(event) => onChange(event.currentTarget.value)} />;
  else if (field.type === 'choice')
    control = (
      <select {...common} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">Choose…</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  else {
    const type = field.type === 'file' ? 'text' : INPUT_TYPES[field.type];
    control = (
      <input
        {...common}
        type={type}
        autoComplete={field.type === 'email' || field.type === 'phone' ? AUTOCOMPLETE[field.type] : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={controlId(field.key)}>
        <LabelText field={field} />
      </label>
      {control}
      <FieldNotes field={field} error={error} />
    </div>
  );
}
