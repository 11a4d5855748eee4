/** The mail notifier: .eml files in the outbox by default, real SMTP when configured. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { estimateSentence } from '../../../contract/index.ts';
import { estimateText } from '../../../machines/status-texts.ts';
import { english } from '../../support/status-words.ts';
import { composeExportMail, maskAddress, PORTAL_LABELS } from '../../../server/notify/export-mail.ts';
import { createMailNotifier } from '../../../server/notify/mail-notifier.ts';
import type { ExportNotification } from '../../../server/ports.ts';
import type { TransferEndReason } from '../../../contract/index.ts';
import { decodeQuotedPrintable, parseMessage } from '../vendor/parse.ts';

const EXPORT_ID = 'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe';
const PORTAL = 'https://export.example.com';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const outboxDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-'));
  dirs.push(dir);
  return path.join(dir, 'outbox'); // not created yet: the notifier creates it
};
const DATE = Date.UTC(2026, 2, 2, 14, 0, 7);
const notification = (
  outcome: ExportNotification['outcome'],
  destination: ExportNotification['destination'] = { provider: 'gmail', email: 'jane.doe@gmail.com' },
): ExportNotification => ({
  to: 'user@example.com',
  exportId: EXPORT_ID,
  portalUrl: PORTAL,
  outcome,
  destination,
  operations: ['emailmigration'],
  language: 'en',
  date: DATE,
});
const FILE = { provider: 'file', email: null } as const;
const receipt = [
  { operation: 'emailmigration' as const, container: 'INBOX', source: 1240, destination: 1238 },
  { operation: 'emailmigration' as const, container: 'Réunions/<b>', source: 3, destination: 3 },
];
const ended = (failed: number, reason: TransferEndReason | null = null) => ({ summary: { receipt, failed, reason } });

/** The text/plain and text/html parts of a multipart/alternative message, decoded. */
function parts(raw: string): { text: string; html: string } {
  const found: Record<string, string> = {};
  for (const section of raw.split(/\r\n--[^\r\n]+/)) {
    const match = /Content-Type: (text\/(?:plain|html))[^\r]*\r\nContent-Transfer-Encoding: ([^\r]+)\r\n\r\n([\s\S]*)/.exec(section);
    if (!match) continue;
    const [, type = '', encoding = '', body = ''] = match;
    found[type] =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : body;
  }
  return { text: found['text/plain'] ?? '', html: found['text/html'] ?? '' };
}

describe('createMailNotifier without SMTP', () => {
  it('writes one .eml per notification with the export ID and the portal address', async () => {
    const dir = outboxDir();
    const notifier = createMailNotifier({ outboxDir: dir, from: 'Northwave <no-reply@example.com>' });
    await notifier.send(notification('started'));
    await notifier.send(notification('completed'));

    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.eml') && name.includes(EXPORT_ID))).toBe(true);
    const started = readFileSync(path.join(dir, files.find((f) => f.includes('-started-')) ?? ''), 'utf8');
    const { headers } = parseMessage(started);
    expect(headers.get('to')).toBe('user@example.com');
    expect(headers.get('from')).toBe('Northwave <no-reply@example.com>');
    expect(headers.get('subject')).toBe('Northwave: Your export has started');
    // Dated as the outbox says (server/outbox/export-mail-delivery.ts), not when the file was written.
    expect(headers.get('date')).toBe('Mon, 02 Mar 2026 14:00:07 +0000');
    expect(files.every((name) => name.startsWith('2026-03-02T14-00-07-000Z-'))).toBe(true);
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const { text, html } = parts(started);
    expect(text).toContain(`Your export ID:\n${EXPORT_ID}\n`);
    expect(text).toContain(PORTAL);
    expect(html).toContain(EXPORT_ID);
    expect(html).toContain(PORTAL);
    // The address is for typing in: no links at all.
    expect(html).not.toMatch(/<a\b|href=/i);
  });

  it('names the outcome of an ended export', async () => {
    const dir = outboxDir();
    await createMailNotifier({ outboxDir: dir, from: 'no-reply@example.com' }).send(notification('error'));
    const [file] = readdirSync(dir);
    const raw = readFileSync(path.join(dir, file ?? ''), 'utf8');
    expect(parseMessage(raw).headers.get('subject')).toBe('Northwave: Your export stopped due to an error');
    expect(parts(raw).text).toContain('stopped due to an error');
  });

  it('escapes HTML and keeps file names inside the outbox for a hostile export ID', async () => {
    const dir = outboxDir();
    await createMailNotifier({ outboxDir: dir, from: 'no-reply@example.com' }).send({
      ...notification('started'),
      exportId: '../<b>x</b>',
    });
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^[\w-]+\.eml$/);
    expect(parts(readFileSync(path.join(dir, file ?? ''), 'utf8')).html).toContain('../&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('composeExportMail', () => {
  /** Every mail a transfer can end with, and the started one, to every kind of destination. */
  const everyMail = () =>
    (['gmail', 'outlook', 'yahoo', 'aol', 'successor_next', 'successor_partner', 'other', 'file'] as const).flatMap((provider) => {
      const destination = provider === 'file' ? FILE : { provider, email: `kim.lee@${provider}.example` };
      return [
        notification('started', destination),
        notification('completed', destination),
        { ...notification('completed', destination), ...ended(0) },
        { ...notification('completed', destination), ...ended(7) },
        { ...notification('error', destination), ...ended(0, 'destination-unreachable') },
        { ...notification('error', destination), ...ended(1243, 'all-items-failed') },
        { ...notification('error', destination), ...ended(0, 'cancelled') },
        notification('error', destination),
      ].map((n) => ({ notification: n, mail: composeExportMail(n) }));
    });

  it('has a distinct subject per outcome and never a link', () => {
    const mails = (['started', 'completed', 'error'] as const).map((outcome) => composeExportMail(notification(outcome)));
    expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
    for (const { mail } of everyMail()) {
      expect(mail.text).toContain(PORTAL);
      expect(mail.html).not.toMatch(/<a\b|href=/i);
    }
  });

  it('puts the export ID on a line of its own in every mail', () => {
    for (const { mail } of everyMail()) {
      expect(mail.text.split('\n')).toContain(EXPORT_ID);
      expect(mail.text).toContain(`Your export ID:\n${EXPORT_ID}\n`);
      expect(mail.html).toContain(`Your export ID:<br><strong style="font-family: monospace; font-size: 1.1em;">${EXPORT_ID}</strong></p>`);
    }
  });

  it('names the destination in every mail, the address shown by its first letter and its domain', () => {
    expect(composeExportMail(notification('started')).text).toContain('We are moving your email to your Gmail account j…@gmail.com.');
    const said = (
      provider: ExportNotification['destination']['provider'],
      email: string | null,
      outcome: ExportNotification['outcome'] = 'completed',
    ) => composeExportMail({ ...notification(outcome, { provider, email }), ...ended(0) }).text;
    expect(said('gmail', 'jane.doe@gmail.com')).toContain('Your email was moved to your Gmail account j…@gmail.com.');
    expect(said('outlook', 'sam@outlook.com')).toContain('to your Outlook.com account s…@outlook.com.');
    expect(said('yahoo', 'yo@yahoo.com')).toContain('to your Yahoo Mail account y…@yahoo.com.');
    expect(said('aol', 'al@aol.com')).toContain('to your AOL Mail account a…@aol.com.');
    expect(said('successor_next', 'pat@next.example')).toContain('to your Northwave Next account p…@next.example.');
    expect(said('successor_partner', 'pat@plus.example')).toContain('to your Northwave Mail Plus account p…@plus.example.');
    expect(said('other', 'friend@example.com')).toContain('Your email was moved to the email account f…@example.com.');
    expect(said('file', null)).toContain('Your email was saved as a ZIP file to download.');
    expect(said('file', null, 'started')).toContain('We are saving your email as a ZIP file to download.');
    expect(composeExportMail({ ...notification('completed'), operations: ['emailmigration', 'contactsmigration'] }).text).toContain(
      'Your email and contacts were moved to your Gmail account j…@gmail.com.',
    );
    expect(composeExportMail({ ...notification('completed'), operations: ['contactsmigration'] }).text).toContain(
      'Your contacts were moved to',
    );
    for (const { notification: n, mail } of everyMail()) {
      const named = n.destination.provider === 'file' ? 'as a ZIP file to download' : `k…@${n.destination.provider}.example`;
      expect(mail.text, `${n.destination.provider} ${n.outcome}`).toContain(named);
      expect(mail.html).toContain(named);
      // The address is never spelled out in full.
      expect(mail.text).not.toContain('kim.lee');
    }
    expect(maskAddress('jane.doe@gmail.com')).toBe('j…@gmail.com');
    expect(maskAddress('j@gmail.com')).toBe('j…@gmail.com');
    expect(maskAddress('émile@example.fr')).toBe('é…@example.fr');
  });

  it('says in the subject and the body when items could not be moved, and how many', () => {
    const mail = composeExportMail({ ...notification('completed'), ...ended(2) });
    expect(mail.subject).toBe('Northwave: Your export is finished — some messages could not be moved');
    expect(mail.text).toContain(
      'Your email was moved to your Gmail account j…@gmail.com. But 2 messages could not be moved. Gmail refused them, or they could not be read from your Northwave mailbox.',
    );
    expect(mail.html).toContain('But 2 messages could not be moved.');
    // Where the list is: on the status page, signed in.
    expect(mail.text).toContain(
      `To see which messages did not move, sign in on the export portal:\n1. Type this address into your browser: ${PORTAL}\n2. Choose "Check your export status". Then choose "Check by signing in".`,
    );
    expect(mail.text).toContain(`5. Choose "${PORTAL_LABELS.report}". The list gives the reason for each one.`);
    expect(composeExportMail({ ...notification('completed'), ...ended(1) }).text).toContain(
      'But 1 message could not be moved. Gmail refused it, or it could not be read',
    );
    const both = composeExportMail({ ...notification('completed'), operations: ['emailmigration', 'contactsmigration'], ...ended(1240) });
    expect(both.subject).toBe('Northwave: Your export is finished — some messages or contacts could not be moved');
    expect(both.text).toContain('But 1,240 messages or contacts could not be moved.');
    const contacts = composeExportMail({
      ...notification('completed', { provider: 'outlook', email: 'sam@outlook.com' }),
      operations: ['contactsmigration'],
      ...ended(3),
    });
    expect(contacts.subject).toBe('Northwave: Your export is finished — some contacts could not be moved');
    const file = composeExportMail({ ...notification('completed', FILE), ...ended(4) });
    expect(file.subject).toBe('Northwave: Your export is finished — some messages could not be saved');
    expect(file.text).toContain(
      'Your email was saved as a ZIP file to download. But 4 messages could not be saved in it. They could not be read from your Northwave mailbox.',
    );
    // Everything arrived: the subject and the body say nothing of failures.
    const clean = composeExportMail({ ...notification('completed'), ...ended(0) });
    expect(clean.subject).toBe('Northwave: Your export is complete');
    expect(clean.text).not.toContain('could not');
    // An export that stopped says how many did not move too.
    const stopped = composeExportMail({
      ...notification('error', { provider: 'other', email: 'friend@example.com' }),
      ...ended(1243, 'all-items-failed'),
    });
    expect(stopped.subject).toBe('Northwave: Your export stopped due to an error');
    expect(stopped.text).toContain('Sorry, your export process stopped due to an error.');
    expect(stopped.text).toContain(
      'It was moving your email to the email account f…@example.com. 1,243 messages could not be moved. The email account refused them',
    );
  });

  it('carries the count receipt of an ended transfer as totals per kind, pointing to the list signed in', () => {
    const contacts = { operation: 'contactsmigration' as const, container: 'Family', source: 40, destination: 40 };
    const mail = composeExportMail({
      ...notification('completed'),
      operations: ['emailmigration', 'contactsmigration'],
      summary: { receipt: [...receipt, contacts], failed: 2, reason: null },
    });
    const lines = [
      'What arrived (at the source / at the destination):',
      '  Email in 2 folders: 1,243 messages / 1,241 messages',
      '  Contacts in 1 address book: 40 contacts / 40 contacts',
      'In 1 folder, fewer are at the destination than at the source.',
      'To see each folder and each address book, choose "Check by signing in" on the export portal.',
    ];
    expect(mail.text).toContain(lines.join('\n'));
    expect(mail.html).toContain(
      '<tr><td style="padding: 2px 12px 2px 0; text-align: left;">Email in 2 folders</td><td style="padding: 2px 12px 2px 0; text-align: left;">1,243 messages</td>',
    );
    expect(mail.html).toContain('<p>In 1 folder, fewer are at the destination than at the source.</p>');
    for (const name of ['INBOX', 'Réunions', 'Family']) expect(mail.text + mail.html).not.toContain(name);
  });

  // Issue 35: the account holder names the folders, and the mail goes, under our name, to any address typed in.
  it('never carries a folder’s name, so a folder named like a notice cannot speak in our mail', () => {
    const notice = 'Notice: your Northwave account is suspended, call +1 555 0100 now';
    const mails = [
      composeExportMail({
        ...notification('completed'),
        summary: { receipt: [{ operation: 'emailmigration', container: notice, source: 5, destination: 4 }], failed: 1, reason: null },
      }),
      composeExportMail({
        ...notification('error'),
        operations: ['contactsmigration'],
        summary: {
          receipt: [{ operation: 'contactsmigration', container: notice, source: 5, destination: 5 }],
          failed: 0,
          reason: 'internal',
        },
      }),
    ];
    for (const mail of mails) {
      const everything = [mail.subject, mail.text, mail.html].join('\n');
      // Not quoted, not cut, not at a line's start: not there at all; the counts stand in its place.
      for (const part of ['Notice', 'suspended', '555 0100', 'call +1']) expect(everything).not.toContain(part);
      expect(mail.text).toMatch(
        /^ {2}(Email in 1 folder: 5 messages \/ 4 messages|Contacts in 1 address book: 5 contacts \/ 5 contacts)$/m,
      );
    }
  });

  it('tells the owner of a file export to sign in on the portal to download the file', () => {
    const mail = composeExportMail({ ...notification('completed', FILE), ...ended(0) });
    expect(mail.subject).toBe('Northwave: Your export is complete');
    // The way the portal goes from the export ID: its status page offers the sign-in that comes back with the download.
    const steps = [
      'To download your file, sign in on the export portal:',
      `1. Type this address into your browser: ${PORTAL}`,
      '2. Choose "Check your export status". Enter your export ID (shown above) and choose "Check status".',
      '3. Choose "Sign in to download your file". Sign in with your Northwave email address.',
      '4. You come back to your export. Choose "Download your file".',
      '',
      'You can download the file for two weeks.',
      'Only you can download it. It opens only when you are signed in with the account that made the export.',
    ];
    expect(mail.text).toContain(steps.join('\n'));
    expect(mail.html).toContain(`<ol>\n<li>Type this address into your browser: ${PORTAL}</li>`);
    expect(mail.html).toContain('<li>You come back to your export. Choose &quot;Download your file&quot;.</li>');
    // No link: the portal's address is typed in.
    expect(mail.html).not.toContain('<a ');
    // Only a finished file export has a file.
    for (const { notification: n, mail: other } of everyMail()) {
      const hasFile = n.destination.provider === 'file' && n.outcome === 'completed' && n.summary?.reason !== 'cancelled';
      expect(other.text.includes('To download your file'), `${n.destination.provider} ${n.outcome} ${n.summary?.reason ?? ''}`).toBe(
        hasFile,
      );
    }
  });

  it('quotes the portal’s labels as the portal shows them', () => {
    // The sign-in page's and the status page's English words are in their words sections (contract/words/en).
    const portal = ['contract/words/en/sign-in.ts', 'contract/words/en/status.ts']
      .map((file) => readFileSync(path.join(import.meta.dirname, '../../..', file), 'utf8'))
      .join('\n');
    for (const label of Object.values(PORTAL_LABELS)) expect(portal, label).toContain(label);
  });

  it('says in the started mail how long the export should take, in the words of the status page', () => {
    const estimate = {
      finish: '2026-03-06T14:00:00Z',
      seconds: 4 * 86_400,
      cap: { provider: 'gmail' as const, per: 'day' as const, bytes: 500e6 },
    };
    const mail = composeExportMail({ ...notification('started'), estimate });
    const said =
      "We're pulling together your data. About 4 days — Gmail accepts about 500 MB a day from other apps. We will send you another email when your export is finished.";
    expect(mail.text).toContain(said);
    // The page's sentence, word for word: one source for both.
    expect(said).toContain(estimateSentence(estimate));
    expect(english(estimateText(estimate)).startsWith(estimateSentence(estimate))).toBe(true);
    expect(mail.html).toContain(`<p>${said.replace("We're", 'We&#39;re')}</p>`);
    expect(composeExportMail(notification('started')).text).toContain(
      "We're pulling together your data. We will send you another email when your export is finished.",
    );
    // Only the started mail says it.
    expect(composeExportMail({ ...notification('completed'), estimate }).text).not.toContain('About 4 days');
  });

  it('says a paused export is paused, that what arrived stays, and how to resume it', () => {
    const mail = composeExportMail(notification('paused'));
    expect(mail.subject).toBe('Northwave: Your export is paused');
    expect(mail.text).toContain('Your export is paused, as you asked.');
    expect(mail.text).toContain('What already arrived there stays there. Nothing more is copied until you resume the export.');
    expect(mail.text).toContain(`Choose "${PORTAL_LABELS.resume}". It goes on from where it stopped.`);
    expect(mail.html).toContain('Your export is paused, as you asked.');
  });

  it('says forwarding has ended, that what was copied stays, and that new mail is no longer copied', () => {
    const mail = composeExportMail(notification('forwarding-ended'));
    expect(mail.subject).toBe('Northwave: We have stopped copying your new mail');
    expect(mail.text).toContain(
      'We have stopped copying the new mail of your Northwave mailbox to your Gmail account j…@gmail.com.\n\nWhat we copied stays there. Mail that arrives at your Northwave mailbox from now on is not copied.',
    );
    expect(mail.html).toContain('What we copied stays there.');
  });

  it('says a cancelled export was cancelled, not that it failed', () => {
    const mail = composeExportMail({ ...notification('error'), ...ended(0, 'cancelled') });
    expect(mail.subject).toBe('Northwave: Your export was cancelled');
    expect(mail.text).toContain(
      'Your export was cancelled, as you asked.\n\nWe stopped moving your email to your Gmail account j…@gmail.com. What already arrived there stays there.',
    );
    expect(mail.text).not.toContain('stopped due to an error');
    expect(composeExportMail({ ...notification('error', FILE), ...ended(0, 'cancelled') }).text).toContain(
      'We stopped saving your email as a ZIP file to download. No file was made.',
    );
  });

  it('speaks in short sentences', () => {
    for (const { mail } of everyMail()) {
      const sentences = mail.text
        .split(/(?<=[.!?:])\s+|\n/)
        .map((sentence) => sentence.trim())
        .filter(Boolean);
      const longest = Math.max(...sentences.map((sentence) => sentence.split(/\s+/).length));
      expect(longest, mail.subject).toBeLessThanOrEqual(20);
    }
  });
});

describe('createMailNotifier with SMTP', () => {
  it('delivers the mail to the configured SMTP server', async () => {
    // A minimal SMTP receiver on loopback (RFC 5321 happy path), recording the DATA it receives.
    const received: { from: string; to: string[]; data: string }[] = [];
    const server = net.createServer((socket) => {
      let buffer = '';
      let inData = false;
      const current = { from: '', to: [] as string[], data: '' };
      socket.write('220 test.local ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let newline: number;
        while ((newline = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              received.push({ ...current });
              socket.write('250 2.0.0 queued\r\n');
            } else current.data += `${line.replace(/^\.\./, '.')}\r\n`;
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250-test.local\r\n250 8BITMIME\r\n');
          else if (/^MAIL FROM:/i.test(line)) {
            current.from = line.slice(10);
            socket.write('250 2.1.0 ok\r\n');
          } else if (/^RCPT TO:/i.test(line)) {
            current.to.push(line.slice(8));
            socket.write('250 2.1.5 ok\r\n');
          } else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const dir = outboxDir();
    try {
      await createMailNotifier({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: dir, from: 'no-reply@example.com' }).send(
        notification('completed'),
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['<user@example.com>']);
    expect(received[0]?.from).toContain('<no-reply@example.com>');
    expect(parseMessage(received[0]?.data ?? '').headers.get('subject')).toBe('Northwave: Your export is complete');
    expect(parts(received[0]?.data ?? '').text).toContain(EXPORT_ID);
    // SMTP configured: nothing goes to the outbox.
    expect(() => readdirSync(dir)).toThrow();
  });
});
