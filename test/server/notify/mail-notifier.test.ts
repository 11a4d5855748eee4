/** The mail notifier: .eml files in the outbox by default, real SMTP when configured. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { estimateSentence } from '../../../contract/index.ts';
import { estimateText } from '../../../machines/status-texts.ts';
import { composeExportMail } from '../../../server/notify/export-mail.ts';
import { createMailNotifier } from '../../../server/notify/mail-notifier.ts';
import type { ExportNotification } from '../../../server/ports.ts';
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
const notification = (outcome: ExportNotification['outcome']): ExportNotification => ({ to: 'user@example.com', exportId: EXPORT_ID, portalUrl: PORTAL, outcome, date: DATE });

/** The text/plain and text/html parts of a multipart/alternative message, decoded. */
function parts(raw: string): { text: string; html: string } {
  const found: Record<string, string> = {};
  for (const section of raw.split(/\r\n--[^\r\n]+/)) {
    const match = /Content-Type: (text\/(?:plain|html))[^\r]*\r\nContent-Transfer-Encoding: ([^\r]+)\r\n\r\n([\s\S]*)/.exec(section);
    if (!match) continue;
    const [, type = '', encoding = '', body = ''] = match;
    found[type] = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
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
    expect(text).toContain(`Your export ID: ${EXPORT_ID}`);
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
    await createMailNotifier({ outboxDir: dir, from: 'no-reply@example.com' }).send({ ...notification('started'), exportId: '../<b>x</b>' });
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^[\w-]+\.eml$/);
    expect(parts(readFileSync(path.join(dir, file ?? ''), 'utf8')).html).toContain('../&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('composeExportMail', () => {
  it('has a distinct subject per outcome and never a link', () => {
    const mails = (['started', 'completed', 'error'] as const).map((outcome) => composeExportMail(notification(outcome)));
    expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
    for (const mail of mails) {
      expect(mail.text).toContain(EXPORT_ID);
      expect(mail.html).not.toMatch(/<a\b/i);
    }
  });

  it('carries the count receipt of an ended transfer and a sentence on the items that failed', () => {
    const receipt = [
      { operation: 'emailmigration' as const, container: 'INBOX', source: 1240, destination: 1238 },
      { operation: 'emailmigration' as const, container: 'Réunions/<b>', source: 3, destination: 3 },
    ];
    const mail = composeExportMail({ ...notification('completed'), summary: { receipt, failed: 2, reason: null } });
    expect(mail.text).toContain('  Email: INBOX: 1,240 / 1,238');
    expect(mail.text).toContain('  Email: Réunions/<b>: 3 / 3');
    expect(mail.text).toContain('2 items could not be copied');
    expect(mail.html).toContain('<td style="padding: 2px 12px 2px 0; text-align: left;">Email: Réunions/&lt;b&gt;</td>');
    expect(mail.html).toContain('2 items could not be copied');
    const clean = composeExportMail({ ...notification('completed'), summary: { receipt, failed: 0, reason: null } });
    expect(clean.text).not.toContain('could not be copied');
  });

  it('says in the started mail how long the export should take, in the words of the status page', () => {
    const estimate = { finish: '2026-03-06T14:00:00Z', seconds: 4 * 86_400, cap: { provider: 'gmail' as const, per: 'day' as const, bytes: 500e6 } };
    const mail = composeExportMail({ ...notification('started'), estimate });
    const said = "We're pulling together your data. About 4 days — Gmail accepts about 500 MB a day from other apps. We will send you another email when your export is finished.";
    expect(mail.text).toContain(said);
    // The page's sentence, word for word: one source for both.
    expect(said).toContain(estimateSentence(estimate));
    expect(estimateText(estimate).startsWith(estimateSentence(estimate))).toBe(true);
    expect(mail.html).toContain(`<p>${said.replace("We're", 'We&#39;re')}</p>`);
    expect(composeExportMail(notification('started')).text).toContain("We're pulling together your data. We will send you another email when your export is finished.");
    // Only the started mail says it.
    expect(composeExportMail({ ...notification('completed'), estimate }).text).not.toContain('About 4 days');
  });

  it('says a cancelled export was cancelled, not that it failed', () => {
    const mail = composeExportMail({ ...notification('error'), summary: { receipt: [], failed: 0, reason: 'cancelled' } });
    expect(mail.subject).toBe('Northwave: Your export was cancelled');
    expect(mail.text).toContain('Your export was cancelled, as you asked.');
    expect(mail.text).not.toContain('stopped due to an error');
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
      await createMailNotifier({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: dir, from: 'no-reply@example.com' }).send(notification('completed'));
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
