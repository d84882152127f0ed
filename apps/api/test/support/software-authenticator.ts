import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey authenticator in software, for the API's tests (the journeys use Chromium's virtual
 * authenticator): it answers WebAuthn's create and get ceremonies as a platform authenticator would,
 * with an ES256 key, "none" attestation and user verification, in the JSON @simplewebauthn/browser sends.
 */

/** The few CBOR shapes WebAuthn needs (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts = [...value.entries()].flatMap(([key, item]) => [cbor(key), cbor(item)]);
    return Buffer.concat([head(5, value.size), ...parts]);
  }
  throw new Error('cbor: unsupported value');
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const UP_UV = 0x01 | 0x04;
const ATTESTED = 0x40;

export function createSoftwareAuthenticator(origin: string, rpID: string) {
  const credentials = new Map<string, { privateKey: KeyObject; counter: number; userHandle: string }>();

  const authData = (flags: number, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** navigator.credentials.create: a new passkey for the options' user. */
    create(options: { challenge: string; user: { id: string } }) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const credentialId = randomBytes(16);
      const id = credentialId.toString('base64url');
      credentials.set(id, { privateKey, counter: 0, userHandle: options.user.id });
      const coseKey = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(UP_UV | ATTESTED, 0, attested)],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData('webauthn.create', options.challenge).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal'],
        },
      };
    },

    /** navigator.credentials.get: signs the challenge with the named passkey (or the first one, for a discoverable sign-in). */
    get(options: { challenge: string }, credentialId = [...credentials.keys()][0]!) {
      const credential = credentials.get(credentialId);
      if (!credential) throw new Error('No such passkey');
      credential.counter += 1;
      const data = authData(UP_UV, credential.counter);
      const client = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: client.toString('base64url'),
          authenticatorData: data.toString('base64url'),
          signature: signature.toString('base64url'),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}
