import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An export ID (§5: 32 alphanumerics): 32 × log2(62) ≈ 190 bits from the OS's cryptographic source. */
export function newExportId(): string {
  let id = '';
  for (let i = 0; i < 32; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
