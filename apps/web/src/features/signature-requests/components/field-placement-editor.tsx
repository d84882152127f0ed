import { Alert, Box, Stack, Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useRef, useState } from 'react';
import { boxCentredOn, type FieldBox, type FieldKind, type PlacedField } from '../utils/field-geometry.ts';
import { FieldLayer, type SignerMark } from './field-layer.tsx';
import { FieldPalette } from './field-palette.tsx';
import { PdfPageStack } from './pdf-page-stack.tsx';

export type FieldPlacementEditorProps = {
  pdf: PDFDocumentProxy;
  documentName: string;
  signers: SignerMark[];
  fields: PlacedField[];
  /** Given the change to make to the latest fields (a drag sends many in a row). */
  onFieldsChange: (change: (fields: PlacedField[]) => PlacedField[]) => void;
};

/** The sender's pages with the fields placed on them, and the palette to add more. */
export function FieldPlacementEditor({ pdf, documentName, signers, fields, onFieldsChange }: FieldPlacementEditorProps) {
  const [signerKey, setSignerKey] = useState(signers[0]?.key ?? '');
  const [pageNumber, setPageNumber] = useState(1);
  const counter = useRef(0);
  const activeSignerKey = signers.some((signer) => signer.key === signerKey) ? signerKey : (signers[0]?.key ?? '');

  const focusField = (key: string) =>
    window.requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-field-key="${key}"]`)?.focus());
  const add = (kind: FieldKind, onPage: number, box: FieldBox) => {
    counter.current += 1;
    const key = `field-${counter.current}`;
    onFieldsChange((current) => [...current, { ...box, key, kind, signerKey: activeSignerKey, pageNumber: onPage }]);
    setPageNumber(onPage);
    focusField(key);
  };
  const change = (changed: PlacedField) =>
    onFieldsChange((current) => current.map((field) => (field.key === changed.key ? changed : field)));
  const remove = (removed: PlacedField) => {
    const rest = fields.filter((field) => field.key !== removed.key);
    onFieldsChange((current) => current.filter((field) => field.key !== removed.key));
    // The focus stays among the page's fields, or goes back to the palette when the page has none left.
    const next = rest.find((field) => field.pageNumber === removed.pageNumber);
    if (next) focusField(next.key);
    else window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-field-palette] button')?.focus());
  };

  return (
    <Stack gap="md">
      <Box pos="sticky" top={0} bg="white" p="xs" style={{ zIndex: 2, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <FieldPalette
          signers={signers}
          signerKey={activeSignerKey}
          onSignerChange={setSignerKey}
          pageCount={pdf.numPages}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          onAdd={(kind) => add(kind, pageNumber, boxCentredOn(kind, 0.5, 0.5))}
        />
      </Box>
      <FieldCounts signers={signers} fields={fields} />
      <Box bg="gray.1" p={{ base: 'xs', sm: 'md' }}>
        <PdfPageStack
          pdf={pdf}
          name={documentName}
          renderOverlay={(page) => (
            <FieldLayer pageNumber={page} fields={fields} signers={signers} onAdd={add} onChange={change} onRemove={remove} />
          )}
        />
      </Box>
    </Stack>
  );
}

/** Each signer's count of fields, and a warning for a signer with no place to sign. */
function FieldCounts({ signers, fields }: { signers: SignerMark[]; fields: PlacedField[] }) {
  const unsigned = signers.filter((signer) => !fields.some((field) => field.signerKey === signer.key && field.kind === 'signature'));
  return (
    <Stack gap={4} role="status">
      <Text size="sm">
        {signers.map((signer) => `${signer.name}: ${fields.filter((field) => field.signerKey === signer.key).length} fields`).join(' · ')}
      </Text>
      {unsigned.length > 0 && (
        <Alert color="yellow" p="xs">
          {`Each signer needs a signature field: ${unsigned.map((signer) => signer.name).join(', ')}.`}
        </Alert>
      )}
    </Stack>
  );
}
