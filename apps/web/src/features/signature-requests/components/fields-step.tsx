import { Alert } from '@mantine/core';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { fetchDocumentPdf } from '../api/document-to-send-api.ts';
import type { PlacedField } from '../utils/field-geometry.ts';
import type { SignerMark } from './field-layer.tsx';
import { FieldPlacementEditor } from './field-placement-editor.tsx';
import { usePdfDocument } from './use-pdf-document.ts';

export type FieldsStepProps = {
  documentId: string;
  documentName: string;
  signers: SignerMark[];
  fields: PlacedField[];
  onFieldsChange: (change: (fields: PlacedField[]) => PlacedField[]) => void;
};

/** The second step: the document's pages (PDF.js loads only now, not with the first step) with the places marked on them. */
export function FieldsStep({ documentId, documentName, signers, fields, onFieldsChange }: FieldsStepProps) {
  const { pdf, error } = usePdfDocument(() => fetchDocumentPdf(documentId), documentId);
  if (error) return <Alert color="red">{error}</Alert>;
  if (!pdf) return <LoadingSpinner label="Loading the document" />;
  return <FieldPlacementEditor pdf={pdf} documentName={documentName} signers={signers} fields={fields} onFieldsChange={onFieldsChange} />;
}
