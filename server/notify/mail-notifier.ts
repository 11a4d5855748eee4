/**
 * Notifier with nodemailer: over SMTP when smtpUrl is given (e.g. smtp://user:pass@host:587 or
 * smtps://...), otherwise each mail is written as an .eml file to outboxDir, so development and tests
 * can open what would have been sent without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { loadLanguage } from '../../contract/words/translate.ts';
import type { Notifier } from '../ports.ts';
import { makePrivateFolder, PRIVATE_FILE } from '../private-files.ts';
import { composeExportMail } from './export-mail.ts';

export type MailNotifierOptions = {
  /** SMTP connection URL; when absent mails go to outboxDir. Never logged: it may hold a password. */
  smtpUrl?: string;
  /**
   * Connection, greeting and socket timeout of an SMTP attempt, unless the URL sets its own
   * (nodemailer reads them from its query): a server that accepts and never answers ends the attempt.
   */
  timeoutMs?: number;
  outboxDir: string;
  /** The From address, e.g. `Northwave <no-reply@example.com>`. */
  from: string;
  brandName?: string;
};

/** The SMTP URL with the timeouts added where it names none. */
function withTimeouts(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(timeoutMs));
  }
  return url.toString();
}

export function createMailNotifier(options: MailNotifierOptions): Notifier {
  const smtp = options.smtpUrl ? nodemailer.createTransport(withTimeouts(options.smtpUrl, options.timeoutMs ?? 30_000)) : null;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  return {
    async send(notification) {
      // The export's language's words, loaded once (a chunk of the catalog, decision 0033).
      await loadLanguage(notification.language);
      const mail = composeExportMail(notification, options.brandName);
      const date = new Date(notification.date);
      const message = { from: options.from, to: notification.to, date, subject: mail.subject, text: mail.text, html: mail.html };
      if (smtp) {
        await smtp.sendMail(message);
        return;
      }
      const info = await outbox.sendMail(message);
      await makePrivateFolder(options.outboxDir);
      // Sortable by the mail's Date, unique even for two mails of the same millisecond; the export ID
      // is alphanumeric but is filtered anyway so a name can never leave the outbox folder.
      const stamp = date.toISOString().replace(/[:.]/g, '-');
      const id = notification.exportId.replace(/[^A-Za-z0-9]/g, '').slice(0, 64);
      const name = `${stamp}-${id}-${notification.outcome}-${randomBytes(3).toString('hex')}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message, { mode: PRIVATE_FILE });
    },
  };
}
