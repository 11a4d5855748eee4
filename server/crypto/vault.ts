/**
 * Secrets the service must keep for a while — a destination password, OAuth access and refresh
 * tokens — sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the service secret, so the
 * database never holds them in plain text. Each sealed value names its purpose: a value sealed for
 * one purpose does not open for another, and a changed byte does not open at all. Nothing here logs.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as v from 'valibot';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type Vault = {
  /** `v1.<iv>.<ciphertext>.<tag>` (base64url), bound to `purpose`. */
  seal(plain: string, purpose: string): string;
  /** The plain text, or null when the value is malformed, tampered with, or sealed for another purpose or key. */
  open(sealed: string, purpose: string): string | null;
};

export function createVault(secret: string): Vault {
  const key = Buffer.from(hkdfSync('sha256', secret, 'export-portal', 'credentials-vault', 32));
  return {
    seal(plain, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, purpose) {
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined || rest.length > 0) return null;
      try {
        const ivBytes = Buffer.from(iv, 'base64url');
        const tagBytes = Buffer.from(tag, 'base64url');
        if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes);
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * A value sealed as `JSON.stringify(value)`, opened and checked against its schema: null when it does
 * not open, or opens to something else (sealed by an older release, say), never an exception.
 */
export function openJson<TSchema extends v.GenericSchema>(
  vault: Vault,
  sealed: string,
  purpose: string,
  schema: TSchema,
): v.InferOutput<TSchema> | null {
  const plain = vault.open(sealed, purpose);
  if (plain === null) return null;
  try {
    const parsed = v.safeParse(schema, JSON.parse(plain));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
