/**
 * The texts of the export notification mails: one when an export starts, one when it ends. Each names
 * the export ID and the portal's address for the user to type in; deliberately no links, so the mail
 * cannot be mistaken for (or turned into) a phishing-style sign-in prompt. The ended mail of a transfer
 * also carries its count receipt (each folder and address book at the source and at the destination)
 * and a sentence on the items that could not be copied, so the customer can see everything arrived
 * before their account closes. The started mail says how long the export should take in the words of
 * the status page (the contract's estimateSentence), when the transfer could tell.
 */
import { estimateSentence, formatCount } from '../../contract/index.ts';
import type { ExportNotification } from '../ports.ts';

export type ExportMail = { subject: string; text: string; html: string };

const SUBJECTS: Record<ExportNotification['outcome'], string> = {
  started: 'Your export has started',
  completed: 'Your export is complete',
  error: 'Your export stopped due to an error',
};

const LEADS: Record<ExportNotification['outcome'], string> = {
  started: "We're pulling together your data.{estimate} We will send you another email when your export is finished.",
  completed: 'Your export is finished.',
  error: 'Sorry, your export process stopped due to an error. You can start a new export on the export portal.',
};

type Summary = NonNullable<ExportNotification['summary']>;

const CANCELLED = {
  subject: 'Your export was cancelled',
  lead: 'Your export was cancelled, as you asked. Nothing more will be copied; what had arrived at the destination stays there, and a file export offers no file.',
};

const KIND: Record<Summary['receipt'][number]['operation'], string> = { emailmigration: 'Email', contactsmigration: 'Contacts' };

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function failedSentence(summary: Summary): string | null {
  if (summary.failed === 0) return null;
  return `${plural(summary.failed, 'item', 'items')} could not be copied (the destination refused ${summary.failed === 1 ? 'it' : 'them'}, or the source could not deliver ${summary.failed === 1 ? 'it' : 'them'}). The item report on the export status page (signed in) lists each one with the reason.`;
}

function receiptText(summary: Summary): string[] {
  if (summary.receipt.length === 0) return [];
  return [
    'What arrived, folder by folder (at the source / at the destination):',
    ...summary.receipt.map((line) => `  ${KIND[line.operation]}: ${line.container}: ${formatCount(line.source)} / ${formatCount(line.destination)}`),
    '',
  ];
}

function receiptHtml(summary: Summary, h: (text: string) => string): string[] {
  if (summary.receipt.length === 0) return [];
  const cell = 'style="padding: 2px 12px 2px 0; text-align: left;"';
  return [
    '<table style="border-collapse: collapse;"><caption style="text-align: left;">What arrived, folder by folder</caption>',
    `<thead><tr><th ${cell}>Folder or address book</th><th ${cell}>At the source</th><th ${cell}>At the destination</th></tr></thead><tbody>`,
    ...summary.receipt.map(
      (line) =>
        `<tr><td ${cell}>${h(KIND[line.operation])}: ${h(line.container)}</td><td ${cell}>${formatCount(line.source)}</td><td ${cell}>${formatCount(line.destination)}</td></tr>`,
    ),
    '</tbody></table>',
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function composeExportMail(notification: ExportNotification, brandName = 'Northwave'): ExportMail {
  const { exportId, portalUrl, outcome, summary } = notification;
  const cancelled = summary?.reason === 'cancelled';
  const subject = cancelled ? CANCELLED.subject : SUBJECTS[outcome];
  const estimate = outcome === 'started' && notification.estimate ? ` ${estimateSentence(notification.estimate)}` : '';
  const lead = cancelled ? CANCELLED.lead : LEADS[outcome].replace('{estimate}', estimate);
  const failed = summary ? failedSentence(summary) : null;
  const lookup =
    outcome === 'completed'
      ? 'To see the result, or to download your file if you chose a file export,'
      : 'To check the status of your export,';
  const instructions = `${lookup} type this address into your browser: ${portalUrl} — choose "check your export status" and enter your export ID.`;
  const text = [
    'Hello,',
    '',
    lead,
    '',
    ...(failed ? [failed, ''] : []),
    ...(summary ? receiptText(summary) : []),
    `Your export ID: ${exportId}`,
    '',
    instructions,
    '',
    `${brandName} will never ask for your password by email.`,
    '',
    `The ${brandName} team`,
    '',
  ].join('\n');
  const h = escapeHtml;
  // The portal address is plain text, not an <a>: the user types it in.
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>' + h(subject) + '</title></head>',
    '<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5;">',
    '<p>Hello,</p>',
    `<p>${h(lead)}</p>`,
    ...(failed ? [`<p>${h(failed)}</p>`] : []),
    ...(summary ? receiptHtml(summary, h) : []),
    `<p>Your export ID: <strong style="font-family: monospace; font-size: 1.1em;">${h(exportId)}</strong></p>`,
    `<p>${h(lookup)} type this address into your browser: <strong>${h(portalUrl)}</strong> — choose “check your export status” and enter your export ID.</p>`,
    `<p>${h(brandName)} will never ask for your password by email.</p>`,
    `<p>The ${h(brandName)} team</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject: `${brandName}: ${subject}`, text, html };
}
