/**
 * The texts of the export notification mails: one when an export starts, one when it ends. Each names
 * the export ID and the portal's address for the user to type in; deliberately no links, so the mail
 * cannot be mistaken for (or turned into) a phishing-style sign-in prompt.
 */
import type { ExportNotification } from '../ports.ts';

export type ExportMail = { subject: string; text: string; html: string };

const SUBJECTS: Record<ExportNotification['outcome'], string> = {
  started: 'Your export has started',
  completed: 'Your export is complete',
  error: 'Your export stopped due to an error',
};

const LEADS: Record<ExportNotification['outcome'], string> = {
  started: "We're pulling together your data. We will send you another email when your export is finished.",
  completed: 'Your export is finished.',
  error: 'Sorry, your export process stopped due to an error. You can start a new export on the export portal.',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function composeExportMail(notification: ExportNotification, brandName = 'Northwave'): ExportMail {
  const { exportId, portalUrl, outcome } = notification;
  const lookup =
    outcome === 'completed'
      ? 'To see the result, or to download your file if you chose a file export,'
      : 'To check the status of your export,';
  const instructions = `${lookup} type this address into your browser: ${portalUrl} — choose "check your export status" and enter your export ID.`;
  const text = [
    'Hello,',
    '',
    LEADS[outcome],
    '',
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
    '<html lang="en"><head><meta charset="utf-8"><title>' + h(SUBJECTS[outcome]) + '</title></head>',
    '<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5;">',
    '<p>Hello,</p>',
    `<p>${h(LEADS[outcome])}</p>`,
    `<p>Your export ID: <strong style="font-family: monospace; font-size: 1.1em;">${h(exportId)}</strong></p>`,
    `<p>${h(lookup)} type this address into your browser: <strong>${h(portalUrl)}</strong> — choose “check your export status” and enter your export ID.</p>`,
    `<p>${h(brandName)} will never ask for your password by email.</p>`,
    `<p>The ${h(brandName)} team</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject: `${brandName}: ${SUBJECTS[outcome]}`, text, html };
}
