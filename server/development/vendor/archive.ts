/**
 * The downloadable archive of a file export: one zip holding the chosen formats of the chosen operations.
 * email: one .eml per message in email/, or email/Inbox.mbox; contacts: contacts/contacts.vcf or
 * contacts/contacts.csv. PST (Outlook's binary store) is produced by the real vendor only: the archive
 * then holds README.txt saying so, next to any other format of the export.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ContactsFormat, EmailFormat } from '../../../contract/index.ts';
import { archiveFilename } from '../../jobs/archive-name.ts';
import type { ExportJob } from '../../ports.ts';
import { buildContactsCsv } from './formats/csv.ts';
import { buildEml } from './formats/eml.ts';
import { buildMbox } from './formats/mbox.ts';
import { buildVcf } from './formats/vcard.ts';
import type { SampleContact, SampleMessage } from './sample-data.ts';

export type Mailbox = { messages: readonly SampleMessage[]; contacts: readonly SampleContact[] };

/** A built archive, whole in memory (the sample mailbox is small). */
export type BuiltArchive = { filename: string; contentType: string; body: Uint8Array };

export const PST_README =
  'PST files (Outlook data files) are produced by the migration vendor in production only.\r\n' +
  'This development export service does not build them: choose EML or MBOX for email and VCF or CSV\r\n' +
  'for contacts to receive a file here.\r\n';

const ZIP_MIN_TIME = Date.UTC(1980, 0, 2);
const ZIP_MAX_TIME = Date.UTC(2099, 11, 30);

/** A file name part from a subject: lower-case ASCII words joined by dashes, at most 60 characters. */
function slug(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
  const words = ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 60).replace(/-+$/, '') || 'message';
}

export function buildExportArchive(job: ExportJob, mailbox: Mailbox): BuiltArchive {
  // The zip's timestamps are the job's creation time, so a rebuilt archive is byte-identical;
  // clamped to the years a zip's DOS timestamp can hold (1980–2099).
  const mtime = new Date(Math.min(Math.max(job.createdAt, ZIP_MIN_TIME), ZIP_MAX_TIME));
  const files: Zippable = {};
  const add = (name: string, text: string) => {
    files[name] = [strToU8(text), { mtime }];
  };
  const pstParts: string[] = [];

  if (job.operations.includes('emailmigration')) {
    const format: EmailFormat = job.emailFormat ?? 'EML';
    if (format === 'EML') {
      const width = String(mailbox.messages.length).length;
      mailbox.messages.forEach((message, index) => {
        add(`email/${String(index + 1).padStart(width, '0')}-${slug(message.subject)}.eml`, buildEml(message, job.sourceEmail));
      });
    } else if (format === 'MBOX') {
      add('email/Inbox.mbox', buildMbox(mailbox.messages, job.sourceEmail));
    } else {
      pstParts.push('email');
    }
  }
  if (job.operations.includes('contactsmigration')) {
    const format: ContactsFormat = job.contactsFormat ?? 'VCF';
    if (format === 'VCF') add('contacts/contacts.vcf', buildVcf(mailbox.contacts));
    else if (format === 'CSV') add('contacts/contacts.csv', buildContactsCsv(mailbox.contacts));
    else pstParts.push('contacts');
  }
  if (pstParts.length > 0) {
    add('README.txt', `You chose PST for: ${pstParts.join(' and ')}.\r\n\r\n${PST_README}`);
  }
  return {
    filename: archiveFilename(job.exportId),
    contentType: 'application/zip',
    body: zipSync(files, { level: 6, mtime }),
  };
}
