/**
 * Test-side access to a Dovecot mailbox with plain imapflow (not the engine's adapters, so the engine is
 * checked by independent code): seed messages with APPEND, and read every folder back as comparable data.
 */
import { createHash } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import type { Dovecot } from '../../support/dovecot.ts';
import type { FixtureMessage } from './mail-fixture.ts';

export type StoredMessage = { sha256: string; size: number; flags: string[]; internalDate: number };

export async function imapClient(dovecot: Dovecot, user: string, password: string): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: true,
    auth: { user, pass: password },
    logger: false,
    tls: { ca: dovecot.certificate },
    disableAutoIdle: true,
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}

export async function seedMailbox(dovecot: Dovecot, user: string, password: string, messages: FixtureMessage[]): Promise<void> {
  const client = await imapClient(dovecot, user, password);
  try {
    const existing = new Set((await client.list()).map((f) => f.path));
    for (const m of messages) {
      const path = m.folder.join(dovecot.separator);
      if (!existing.has(path)) {
        await client.mailboxCreate(path);
        existing.add(path);
      }
      await client.append(path, m.raw, m.flags, m.internalDate);
    }
  } finally {
    await client.logout();
  }
}

const KEPT = new Set(['\\Seen', '\\Answered', '\\Flagged', '\\Draft']);

/** Every selectable folder → its messages, sorted by SHA-256 (order at the destination is not the point). */
export async function readMailbox(dovecot: Dovecot, user: string, password: string): Promise<Map<string, StoredMessage[]>> {
  const client = await imapClient(dovecot, user, password);
  const out = new Map<string, StoredMessage[]>();
  try {
    for (const folder of await client.list()) {
      if (folder.flags.has('\\Noselect')) continue;
      const box = await client.mailboxOpen(folder.path, { readOnly: true });
      const messages: StoredMessage[] = [];
      if (box.exists > 0) {
        for await (const m of client.fetch('1:*', { uid: true, flags: true, internalDate: true, size: true, source: true })) {
          const raw = m.source ?? Buffer.alloc(0);
          messages.push({
            sha256: createHash('sha256').update(raw).digest('hex'),
            size: raw.length,
            flags: [...(m.flags ?? [])].filter((f) => KEPT.has(f)).sort(),
            internalDate: new Date(m.internalDate ?? 0).getTime(),
          });
        }
      }
      out.set(
        folder.path,
        messages.sort((a, b) => a.sha256.localeCompare(b.sha256) || a.flags.join().localeCompare(b.flags.join())),
      );
    }
  } finally {
    await client.logout();
  }
  return out;
}

/** The fixture as readMailbox would show it, folder names joined with the given delimiter. */
export function expectedMailbox(messages: FixtureMessage[], delimiter: string): Map<string, StoredMessage[]> {
  const out = new Map<string, StoredMessage[]>();
  for (const m of messages) {
    const path = m.folder.join(delimiter);
    const list = out.get(path) ?? [];
    list.push({
      sha256: createHash('sha256').update(m.raw).digest('hex'),
      size: m.raw.length,
      flags: [...m.flags].sort(),
      internalDate: m.internalDate.getTime(),
    });
    out.set(path, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.sha256.localeCompare(b.sha256) || a.flags.join().localeCompare(b.flags.join()));
  return out;
}
