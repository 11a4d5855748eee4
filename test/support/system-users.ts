/** A system user's uid and gid from /etc/passwd, for the throwaway servers that drop root to a package's user. */
import { readFileSync } from 'node:fs';

export function passwdEntry(name: string): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
