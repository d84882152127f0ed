import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PadesSigner } from './pades-signer.ts';
import { buildCertificatePdf, type CertificateFacts } from './signing-certificate-page.ts';
import { stampSignatures, type StampedField } from './stamp-signatures.ts';
import { stripActiveContent } from './strip-active-content.ts';

export type SealInput = {
  original: Buffer;
  fields: StampedField[];
  certificate: Omit<CertificateFacts, 'signedDocumentSha256'>;
  /** The firm's PKCS#12 (key and certificate), opened. */
  p12: Buffer;
};

export type SealedPdf = { content: Buffer; signedDocumentSha256: string };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The signed PDF: the marks stamped at their places, the certificate of signing appended, then a
 * digital seal over the whole file (PAdES: an ETSI.CAdES.detached CMS signature, SHA-256, by the
 * firm's certificate). signedDocumentSha256 is the stamped PDF's hash before the certificate page
 * and the seal were added: the certificate prints it, so it cannot be the hash of a file that holds
 * the certificate; the seal is what proves nothing changed after. The copy every signer is e-mailed
 * carries no scripts, launch actions or embedded files (stripActiveContent).
 */
export async function sealSignedPdf({ original, fields, certificate, p12 }: SealInput): Promise<SealedPdf> {
  const pdf = await stampSignatures(original, fields);
  stripActiveContent(pdf);
  const signedDocumentSha256 = sha256(await pdf.save({ useObjectStreams: false }));
  const certificatePdf = await PDFDocument.load(await buildCertificatePdf({ ...certificate, signedDocumentSha256 }));
  for (const page of await pdf.copyPages(certificatePdf, certificatePdf.getPageIndices())) pdf.addPage(page);
  pdf.setModificationDate(certificate.sealedAt);
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: `Signed by ${certificate.signers.map((signer) => signer.name).join(', ')} through Matterhorn`,
    contactInfo: certificate.firmName,
    name: certificate.firmName,
    location: 'Matterhorn',
    signingTime: certificate.sealedAt,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Matterhorn',
  });
  const withPlaceholder = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const content = await new SignPdf().sign(withPlaceholder, new PadesSigner(p12), certificate.sealedAt);
  return { content, signedDocumentSha256 };
}
