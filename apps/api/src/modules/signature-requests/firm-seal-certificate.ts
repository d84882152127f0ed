import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';

/** The key purpose the firm's PKCS#12 is sealed under (never another secret's key). */
const SEAL_PURPOSE = 'firm-signing-certificate';
const VALID_YEARS = 10;
/**
 * The PKCS#12 is sealed at rest with AES-256-GCM under APP_SECRET (as a saved card's token is), so
 * its own passphrase adds nothing: it is empty, which is what the P12 signer expects by default.
 */
const P12_PASSPHRASE = '';

export type FirmSealCertificate = {
  p12Sealed: string;
  certificatePem: string;
  fingerprintSha256: string;
  notAfter: Date;
};

/**
 * A firm's sealing certificate: a 2048-bit RSA key (made by Node's crypto: forge's own key
 * generation takes seconds) and a self-signed X.509 certificate naming the firm, valid ten years,
 * for digital signatures and non-repudiation. A reader shows the seal as the firm's, from an issuer it
 * does not already trust; that the document is unchanged since it was sealed it shows either way.
 */
export function createFirmSealCertificate(firmName: string, appSecret: string, now = new Date()): FirmSealCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial number: its first byte below 0x80.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime());
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALID_YEARS);
  const name = [
    { name: 'commonName', value: `${firmName.slice(0, 50)} (document seal)` },
    { name: 'organizationName', value: firmName.slice(0, 64) },
    { shortName: 'OU', value: 'Sealed by Matterhorn' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    // No extended key usage: poppler refuses Adobe's and Microsoft's document-signing purposes as an unknown issue.
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], P12_PASSPHRASE, { algorithm: 'aes256', friendlyName: firmName.slice(0, 64) });
  const p12Der = forge.asn1.toDer(p12).getBytes();
  const certificateDer = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes();
  return {
    p12Sealed: encryptSecret(Buffer.from(p12Der, 'binary').toString('base64'), appSecret, SEAL_PURPOSE),
    certificatePem: forge.pki.certificateToPem(certificate),
    fingerprintSha256: createHash('sha256').update(Buffer.from(certificateDer, 'binary')).digest('hex'),
    notAfter: certificate.validity.notAfter,
  };
}

/** The firm's PKCS#12 opened for sealing; null when it was sealed under another APP_SECRET. */
export function openFirmSealCertificate(p12Sealed: string, appSecret: string): Buffer | null {
  const opened = decryptSecret(p12Sealed, appSecret, SEAL_PURPOSE);
  return opened === null ? null : Buffer.from(opened, 'base64');
}
