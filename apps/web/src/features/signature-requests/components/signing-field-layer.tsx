import type { AdoptedMark, SignatureField } from '@matterhorn/shared';
import type { CSSProperties } from 'react';
import { SIGNATURE_FONT, type AdoptedMarks } from '../utils/signature-marks.ts';

export type SigningFieldLayerProps = {
  pageNumber: number;
  fields: SignatureField[];
  /** Places the signer has applied their mark to (not sent until they finish). */
  appliedIds: ReadonlySet<string>;
  currentFieldId: string | null;
  marks: AdoptedMarks | null;
  signerName: string;
  /** What a date place will say: the day they sign. */
  today: string;
  onApply: (field: SignatureField) => void;
};

const boxStyle = (field: SignatureField, isCurrent: boolean, isDone: boolean): CSSProperties => ({
  position: 'absolute',
  left: `${field.x * 100}%`,
  top: `${field.y * 100}%`,
  width: `${field.width * 100}%`,
  height: `${field.height * 100}%`,
  border: `2px ${isDone ? 'solid' : 'dashed'} ${isCurrent ? '#e8590c' : '#1c7ed6'}`,
  outline: isCurrent ? '3px solid rgba(232, 89, 12, 0.35)' : undefined,
  background: isDone ? 'rgba(255, 255, 255, 0.6)' : 'rgba(255, 236, 153, 0.85)',
  borderRadius: 3,
  padding: '0 4px',
  overflow: 'hidden',
  display: 'flex',
  alignItems: 'center',
  color: '#1a1b1e',
  fontSize: 12,
  scrollMarginTop: 120,
  scrollMarginBottom: 120,
});

function MarkPreview({ mark, label }: { mark: AdoptedMark; label: string }) {
  if (mark.kind === 'drawn') return <img src={mark.image} alt={label} style={{ maxWidth: '100%', maxHeight: '100%' }} />;
  return <span style={{ fontFamily: SIGNATURE_FONT, fontSize: 22, color: '#1a2b6d', whiteSpace: 'nowrap' }}>{mark.text}</span>;
}

/** The signer's places on one page: signature and initials places to press, the name and date Matterhorn writes. */
export function SigningFieldLayer({
  pageNumber,
  fields,
  appliedIds,
  currentFieldId,
  marks,
  signerName,
  today,
  onApply,
}: SigningFieldLayerProps) {
  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      {fields
        .filter((field) => field.page === pageNumber)
        .map((field) => {
          if (field.kind === 'name' || field.kind === 'date') {
            return (
              <div key={field.id} style={{ ...boxStyle(field, false, true), border: '1px dotted #868e96' }}>
                {field.kind === 'name' ? signerName : today}
              </div>
            );
          }
          const isDone = appliedIds.has(field.id);
          const mark = field.kind === 'signature' ? marks?.signature : marks?.initials;
          const what = field.kind === 'signature' ? 'Signature' : 'Initials';
          return (
            <button
              key={field.id}
              type="button"
              data-signing-field={field.id}
              aria-pressed={isDone}
              onClick={() => onApply(field)}
              style={{ ...boxStyle(field, field.id === currentFieldId, isDone), cursor: 'pointer' }}
            >
              {isDone && mark ? (
                <MarkPreview mark={mark} label={`${what} applied`} />
              ) : field.kind === 'signature' ? (
                'Sign here'
              ) : (
                'Initial here'
              )}
            </button>
          );
        })}
    </div>
  );
}
