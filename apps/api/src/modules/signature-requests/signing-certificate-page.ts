import PDFDocument from 'pdfkit';
import { chooseDocumentFonts } from '../../lib/pdf-fonts.ts';
import { pdfBytesOf } from '../../lib/pdf-bytes.ts';

export type CertificateStep = { label: string; at: Date; ipAddress: string | null; userAgent: string | null };

export type CertificateFacts = {
  firmName: string;
  requestId: string;
  title: string;
  documentName: string;
  senderName: string;
  sentAt: Date;
  sealedAt: Date;
  documentSha256: string;
  /** Null on the certificate downloaded before sealing is done (never printed so). */
  signedDocumentSha256: string | null;
  sealFingerprintSha256: string;
  signers: { name: string; email: string; steps: CertificateStep[] }[];
};

const MARGIN = 48;
const pad = (value: number) => String(value).padStart(2, '0');
/** DD/MM/YYYY HH:MM:SS UTC: certificates are read across time zones, so in UTC, said. */
export const certificateTime = (at: Date) =>
  `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;

/**
 * The certificate of signing (pdfkit, so names in any script print with the embedded Unicode
 * font): who signed, from where, with which browser and when, and the fingerprints that tie the
 * record to the file. Appended to the signed PDF before it is sealed, and downloadable on its own.
 */
export function buildCertificatePdf(facts: CertificateFacts): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Certificate of signing — ${facts.title}` } });
  const texts = [facts.firmName, facts.title, facts.documentName, facts.senderName, ...facts.signers.flatMap((s) => [s.name, s.email])];
  texts.push(...facts.signers.flatMap((signer) => signer.steps.map((step) => step.userAgent ?? '')));
  const { regular, bold, clean } = chooseDocumentFonts(doc, texts);
  const done = pdfBytesOf(doc);
  const line = (label: string, value: string) => {
    doc.font(bold).fontSize(9).text(`${label}: `, { continued: true }).font(regular).text(clean(value));
  };

  doc.font(bold).fontSize(16).text('Certificate of signing');
  doc
    .font(regular)
    .fontSize(9)
    .text(clean(`Issued by Matterhorn for ${facts.firmName}`))
    .moveDown(0.8);
  line('Document', facts.documentName);
  line('Request', `${facts.title} (${facts.requestId})`);
  line('Sent by', `${facts.senderName} on ${certificateTime(facts.sentAt)}`);
  line('Completed', certificateTime(facts.sealedAt));
  doc.moveDown(0.6);
  line('SHA-256 of the document as sent', facts.documentSha256);
  if (facts.signedDocumentSha256)
    line(
      'SHA-256 of the signed document (its pages with every signature stamped, before this certificate page and the digital seal were added)',
      facts.signedDocumentSha256,
    );
  line('Digital seal', `${facts.firmName}'s certificate, SHA-256 fingerprint ${facts.sealFingerprintSha256}`);
  doc
    .font(regular)
    .fontSize(8.5)
    .text(
      'The digital seal covers this whole file, this page included. A PDF reader that shows the seal as valid shows that nothing in the file changed after it was sealed.',
    )
    .moveDown(0.8);

  for (const signer of facts.signers) {
    if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
    doc.font(bold).fontSize(11).text(clean(signer.name));
    doc.font(regular).fontSize(9).text(clean(signer.email)).moveDown(0.2);
    for (const step of signer.steps) {
      doc.font(bold).fontSize(8.5).text(`${step.label}: `, { continued: true }).font(regular).text(certificateTime(step.at));
      if (step.ipAddress || step.userAgent)
        doc
          .fontSize(7.5)
          .text(clean(`IP address ${step.ipAddress ?? 'not recorded'} · ${step.userAgent ?? 'browser not recorded'}`), { indent: 12 });
    }
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}
