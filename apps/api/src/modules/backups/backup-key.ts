import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';
import type { BackupSettings } from '../../config.ts';
import { BackupRefusal } from './backup-refusal.ts';

/** The operator's age identity and the recipient every part is encrypted to (age's X25519, not our own crypto). */
export type BackupKey = { identity: string; recipient: string };

const IDENTITY = /^AGE-SECRET-KEY-1[0-9A-Z]+$/;

/**
 * Reads the operator's key. The embedded default, with none configured, makes one the first time in
 * DATA_DIR (readable by this user only): never in the backup folder, so a stolen backup is only bytes.
 */
export async function readBackupKey(source: BackupSettings['key']): Promise<BackupKey> {
  let identity: string;
  if ('identity' in source) identity = source.identity.trim();
  else if (existsSync(source.file)) identity = (await readFile(source.file, 'utf8')).trim();
  else if (source.isMadeWhenMissing) {
    identity = await generateX25519Identity();
    await mkdir(dirname(source.file), { recursive: true });
    await writeFile(source.file, `${identity}\n`, { mode: 0o600, flag: 'wx' });
  } else throw new BackupRefusal(`The backup key file ${source.file} is not there: give the key with BACKUP_KEY or BACKUP_KEY_FILE.`);
  if (!IDENTITY.test(identity)) throw new BackupRefusal('The backup key is not an age identity (AGE-SECRET-KEY-1…).');
  return { identity, recipient: await identityToRecipient(identity) };
}

/** The bytes as age ciphertext to the key's recipient, streamed: a 2 GB dump is never whole in memory. */
export async function encrypting(key: Pick<BackupKey, 'recipient'>, plain: Readable): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(key.recipient);
  const cipher = await encrypter.encrypt(Readable.toWeb(plain) as ReadableStream<Uint8Array>);
  return Readable.fromWeb(cipher as WebReadableStream<Uint8Array>);
}

/** The plaintext of an age stream; fails on the wrong key at once, on a cut or changed stream when it reaches the damage. */
export async function decrypting(key: Pick<BackupKey, 'identity'>, cipher: Readable): Promise<Readable> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(key.identity);
  const plain = await decrypter.decrypt(Readable.toWeb(cipher) as ReadableStream<Uint8Array>);
  return Readable.fromWeb(plain as WebReadableStream<Uint8Array>);
}

export async function encryptBytes(key: Pick<BackupKey, 'recipient'>, plain: Uint8Array): Promise<Uint8Array> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(key.recipient);
  return encrypter.encrypt(plain);
}

export async function decryptBytes(key: Pick<BackupKey, 'identity'>, cipher: Uint8Array): Promise<Uint8Array> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(key.identity);
  return decrypter.decrypt(cipher);
}
