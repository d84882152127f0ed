import { createHash, createPrivateKey, sign } from 'node:crypto';
import forge from 'node-forge';
import { Signer } from '@signpdf/utils';

const { asn1 } = forge;
const OIDS = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

const oid = (value: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const sequence = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const octets = (bytes: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (value: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
/** A DER SET OF: its elements in the order of their encodings. */
const setOf = (items: forge.asn1.Asn1[], tagClass = asn1.Class.UNIVERSAL, type: number = asn1.Type.SET) =>
  asn1.create(
    tagClass,
    type,
    true,
    [...items].sort((a, b) => Buffer.compare(der(a), der(b))),
  );
const sha256Algorithm = () => sequence([oid(OIDS.sha256)]);
const attribute = (type: string, value: forge.asn1.Asn1) => sequence([oid(type), setOf([value])]);

/**
 * A PAdES baseline (B-B) signer for @signpdf: a detached CMS SignedData whose signed attributes are
 * the content type, the message digest and the ESS signing-certificate-v2 (the SHA-256 of the
 * firm's certificate), without a signing-time attribute — PAdES puts the time in the signature
 * dictionary (/M) instead. The library's P12 signer writes a signing time and no signing-certificate
 * attribute, which PAdES validators refuse as baseline.
 */
export class PadesSigner extends Signer {
  private readonly certificate: forge.pki.Certificate;
  private readonly certificateDer: Buffer;
  private readonly privateKeyPem: string;

  constructor(p12: Buffer) {
    super();
    const opened = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(p12.toString('binary')), false, '');
    const key = opened.getBags({ bagType: forge.pki.oids['pkcs8ShroudedKeyBag']! })[forge.pki.oids['pkcs8ShroudedKeyBag']!]?.[0]?.key;
    const certificate = opened.getBags({ bagType: forge.pki.oids['certBag']! })[forge.pki.oids['certBag']!]?.[0]?.cert;
    if (!key || !certificate) throw new Error('The sealing certificate holds no key or certificate');
    this.certificate = certificate;
    this.certificateDer = der(forge.pki.certificateToAsn1(certificate));
    this.privateKeyPem = forge.pki.privateKeyToPem(key);
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const signedAttributes = [
      attribute(OIDS.contentType, oid(OIDS.data)),
      attribute(OIDS.messageDigest, octets(createHash('sha256').update(pdfBuffer).digest())),
      // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2's hash algorithm defaults to SHA-256.
      attribute(
        OIDS.signingCertificateV2,
        sequence([sequence([sequence([octets(createHash('sha256').update(this.certificateDer).digest())])])]),
      ),
    ];
    // What is signed is the attributes' DER as a SET; in the SignerInfo they are [0] IMPLICIT.
    const signature = sign('sha256', der(setOf(signedAttributes)), createPrivateKey(this.privateKeyPem));
    const issuerAndSerial = sequence([
      forge.pki.distinguishedNameToAsn1(this.certificate.issuer),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, forge.util.hexToBytes(this.certificate.serialNumber)),
    ]);
    const signerInfo = sequence([
      integer(1),
      issuerAndSerial,
      sha256Algorithm(),
      setOf(signedAttributes, asn1.Class.CONTEXT_SPECIFIC, 0),
      sequence([oid(OIDS.rsaEncryption), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')]),
      octets(signature),
    ]);
    const signedData = sequence([
      integer(1),
      setOf([sha256Algorithm()]),
      sequence([oid(OIDS.data)]),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [forge.pki.certificateToAsn1(this.certificate)]),
      setOf([signerInfo]),
    ]);
    return der(sequence([oid(OIDS.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
  }
}
