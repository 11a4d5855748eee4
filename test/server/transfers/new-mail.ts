/**
 * Mail arriving at the source after an export, and what a destination holds by Message-ID: what the
 * Copy new mail and forwarding suites check their passes by (real Dovecot, over IMAP).
 */
import { imapClient } from '../../engine/support/imap-mailbox.ts';
import type { MailServers } from './support.ts';

type Account = { email: string; password: string };

/** A new message at the source, as mail arriving after the export would be: `<id>@<domain>`. */
function arriving(to: string, id: string, domain: string): Buffer {
  return Buffer.from(
    [
      'From: Someone <someone@example.org>',
      `To: ${to}`,
      `Subject: Arrived after the export (${id})`,
      'Date: Mon, 23 Nov 2026 10:00:00 +0000',
      `Message-ID: <${id}@${domain}>`,
      '',
      'Hello again.',
      '',
    ].join('\r\n'),
  );
}

/** Appends one message per ID to the source's INBOX, their Message-IDs `<id>@<domain>`. */
export async function deliverToSource(servers: MailServers, source: Account, ids: string[], domain: string): Promise<void> {
  const client = await imapClient(servers.dovecot, source.email, source.password);
  try {
    for (const id of ids) await client.append('INBOX', arriving(source.email, id, domain), [], new Date(Date.UTC(2026, 10, 23, 10)));
  } finally {
    await client.logout();
  }
}

/** Every Message-ID at the destination, with repeats (a copy made twice shows twice). */
export async function messageIdsAt(servers: MailServers, to: Account): Promise<string[]> {
  const client = await imapClient(servers.dovecot, to.email, to.password);
  const ids: string[] = [];
  try {
    for (const folder of await client.list()) {
      if (folder.flags.has('\\Noselect')) continue;
      const box = await client.mailboxOpen(folder.path, { readOnly: true });
      if (box.exists === 0) continue;
      for await (const message of client.fetch('1:*', { envelope: true })) ids.push(message.envelope?.messageId ?? '(none)');
    }
  } finally {
    await client.logout();
  }
  return ids;
}

/** What is at the destination now and was not before (each once). */
export function addedSince(before: readonly string[], after: readonly string[]): string[] {
  const added = [...after];
  for (const id of before) added.splice(added.indexOf(id), 1);
  return added.sort();
}
