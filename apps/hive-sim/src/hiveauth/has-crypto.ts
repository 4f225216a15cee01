import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// The encryption HiveAuth's payloads use: CryptoJS's `AES.encrypt(text, passphrase)` (hive-auth-wrapper, Keychain
// Mobile), which is OpenSSL's: "Salted__", an 8-byte salt, AES-256-CBC with key and iv from EVP_BytesToKey (MD5, one
// round), base64. The relay never reads them; the scripted wallet does, as a phone would.

const SALTED = Buffer.from('Salted__', 'latin1');

/** OpenSSL's EVP_BytesToKey with MD5: 32 bytes of key and 16 of iv from the passphrase and salt. */
function keyAndIv(passphrase: string, salt: Buffer): { key: Buffer; iv: Buffer } {
  const secret = Buffer.from(passphrase, 'utf8');
  let derived = Buffer.alloc(0);
  let block = Buffer.alloc(0);
  while (derived.length < 48) {
    block = createHash('md5')
      .update(Buffer.concat([block, secret, salt]))
      .digest();
    derived = Buffer.concat([derived, block]);
  }
  return { key: derived.subarray(0, 32), iv: derived.subarray(32, 48) };
}

/** `CryptoJS.AES.encrypt(text, passphrase).toString()`. */
export function hasEncrypt(text: string, passphrase: string, salt: Buffer = randomBytes(8)): string {
  const { key, iv } = keyAndIv(passphrase, salt);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([SALTED, salt, cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

/** `CryptoJS.AES.decrypt(data, passphrase).toString(CryptoJS.enc.Utf8)`; throws when the passphrase is wrong. */
export function hasDecrypt(data: string, passphrase: string): string {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length < 32 || !bytes.subarray(0, 8).equals(SALTED)) throw new Error('not a HiveAuth payload');
  const { key, iv } = keyAndIv(passphrase, bytes.subarray(8, 16));
  const decipher = createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
}
