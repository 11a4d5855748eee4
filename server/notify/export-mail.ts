/**
 * The texts of the export notification mails: one when an export starts, one when it ends. The
 * specification gives none of them; the choices are in docs/transfer.md ("The words of the mails").
 *
 * Every mail names where the export goes ("to your Gmail account j…@gmail.com", "as a ZIP file to
 * download"), puts the export ID on a line of its own, and says how to follow the export on the
 * portal, whose address the reader types in: deliberately no links, so the mail cannot be mistaken
 * for (or turned into) a phishing-style sign-in prompt. The file of a file export, and the list of
 * items that could not be moved, are shown only to the signed-in owner, so those mails say, step by
 * step, to sign in. The ended mail says how it went in its subject (finished, finished with some
 * items not moved, stopped by an error, cancelled), carries the count receipt (totals per kind at the
 * source and at the destination, never a folder's name: ./mail-receipt.ts) and how many items did not move. The started mail says
 * how long the export should take in the words of the status page (the contract's estimateSentence),
 * when the transfer could tell. Plain words and short sentences throughout.
 */
import { estimateSentence, formatCount, providerName, type Operation } from '../../contract/index.ts';
import type { ExportNotification } from '../ports.ts';
import { itemCount, kindLabel, receiptNotes, totalsByKind } from './mail-receipt.ts';

export type ExportMail = { subject: string; text: string; html: string };

type Summary = NonNullable<ExportNotification['summary']>;

/**
 * An address as the mails show it: the first character of the name, then "…", then the domain in full
 * (j…@gmail.com). The mail goes to whatever notification address was typed in, and through mail
 * servers we do not run, so it names the account without spelling it out; the owner still knows it.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at);
  return `${Array.from(local)[0] ?? ''}…${at < 0 ? '' : address.slice(at)}`;
}

/** "your email", "your contacts", "your email and contacts". */
function whatMoves(operations: readonly Operation[]): string {
  const email = operations.includes('emailmigration') || operations.includes('emailforwarding');
  const contacts = operations.includes('contactsmigration');
  return email && contacts ? 'your email and contacts' : contacts ? 'your contacts' : 'your email';
}

/** What one item is called: a message, a contact, or either. */
function itemNoun(operations: readonly Operation[], count: number): string {
  const email = operations.includes('emailmigration') || operations.includes('emailforwarding');
  const contacts = operations.includes('contactsmigration');
  if (email && contacts) return count === 1 ? 'message or contact' : 'messages or contacts';
  if (contacts) return count === 1 ? 'contact' : 'contacts';
  return count === 1 ? 'message' : 'messages';
}

/** Where the export goes, after "to": "your Gmail account j…@gmail.com", "the email account f…@example.com". */
function accountWords(destination: ExportNotification['destination'], brandName: string): string {
  const address = destination.email ? ` ${maskAddress(destination.email)}` : '';
  // The provider's name, the successor product's, or none (Other).
  const name = providerName(destination.provider, brandName);
  return name ? `your ${name} account${address}` : `the email account${address}`;
}

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'export-id'; id: string }
  | { kind: 'steps'; lead: string; steps: string[]; after: string[] }
  | { kind: 'receipt'; summary: Summary };

const quote = (label: string) => `"${label}"`;

/**
 * The labels of the portal the mails quote, as the portal shows them (src/views/sign-in/,
 * src/views/status/; test/server/notify/mail-notifier.test.ts checks they still are).
 */
export const PORTAL_LABELS = {
  lookup: 'Check your export status',
  lookupSubmit: 'Check status',
  signIn: 'Check by signing in',
  signInToDownload: 'Sign in to download your file',
  download: 'Download your file',
  resume: 'Resume export',
  report: 'Download the list of items that could not be moved',
} as const;
const REPORT_LINK = PORTAL_LABELS.report;

/**
 * How to open the export's status page signed in, where the file and the list of items not moved are:
 * the home page's "Check your export status", its "Check by signing in", then the export in the list.
 */
function signedInSteps(portalUrl: string, brandName: string, last: string): string[] {
  return [
    `Type this address into your browser: ${portalUrl}`,
    `Choose ${quote(PORTAL_LABELS.lookup)}. Then choose ${quote(PORTAL_LABELS.signIn)}.`,
    `Sign in with your ${brandName} email address.`,
    'In the list of your exports, choose this one. Its export ID is shown above.',
    last,
  ];
}

function lookupSteps(portalUrl: string): Block {
  return {
    kind: 'steps',
    lead: 'To check on your export:',
    steps: [`Type this address into your browser: ${portalUrl}`, `Choose ${quote(PORTAL_LABELS.lookup)}. Then enter your export ID.`],
    after: [],
  };
}

type Outcome = 'started' | 'paused' | 'forwarding-ended' | 'finished' | 'finished-with-failures' | 'error' | 'cancelled';

function outcomeOf(notification: ExportNotification): Outcome {
  const { outcome, summary } = notification;
  if (outcome === 'started' || outcome === 'paused' || outcome === 'forwarding-ended') return outcome;
  if (summary?.reason === 'cancelled') return 'cancelled';
  if (outcome === 'error') return 'error';
  return (summary?.failed ?? 0) > 0 ? 'finished-with-failures' : 'finished';
}

function subjectOf(outcome: Outcome, notification: ExportNotification): string {
  const file = notification.destination.provider === 'file';
  switch (outcome) {
    case 'started':
      return 'Your export has started';
    case 'paused':
      return 'Your export is paused';
    case 'forwarding-ended':
      return 'We have stopped copying your new mail';
    case 'finished':
      return 'Your export is complete';
    case 'finished-with-failures':
      return `Your export is finished — some ${itemNoun(notification.operations, 2)} could not be ${file ? 'saved' : 'moved'}`;
    case 'error':
      return 'Your export stopped due to an error';
    case 'cancelled':
      return 'Your export was cancelled';
  }
}

/** The blocks of one mail, in order; rendered as text and as HTML alike. */
function blocksOf(outcome: Outcome, notification: ExportNotification, brandName: string): Block[] {
  const { destination, operations, summary, portalUrl, exportId } = notification;
  const file = destination.provider === 'file';
  const what = whatMoves(operations);
  const where = file ? 'as a ZIP file to download' : `to ${accountWords(destination, brandName)}`;
  const failed = summary?.failed ?? 0;
  const failedWords = `${formatCount(failed)} ${itemNoun(operations, failed)}`;
  const refuser = providerName(destination.provider, brandName) ?? 'The email account';
  const [they, them] = failed === 1 ? ['It', 'it'] : ['They', 'them'];
  const notMoved = file
    ? `${failedWords} could not be saved in it. ${they} could not be read from your ${brandName} mailbox.`
    : `${failedWords} could not be moved. ${refuser} refused ${them}, or ${they.toLowerCase()} could not be read from your ${brandName} mailbox.`;
  const id: Block = { kind: 'export-id', id: exportId };
  const receipt: Block[] = summary && summary.receipt.length > 0 ? [{ kind: 'receipt', summary }] : [];
  const listSteps: Block = {
    kind: 'steps',
    lead: `To see which ${itemNoun(operations, 2)} did not move, sign in on the export portal:`,
    steps: signedInSteps(portalUrl, brandName, `Choose ${quote(REPORT_LINK)}. The list gives the reason for each one.`),
    after: [],
  };
  const paragraph = (text: string): Block => ({ kind: 'paragraph', text });

  switch (outcome) {
    case 'started': {
      const estimate = notification.estimate ? ` ${estimateSentence(notification.estimate)}` : '';
      return [
        paragraph(`We're pulling together your data.${estimate} We will send you another email when your export is finished.`),
        paragraph(file ? `We are saving ${what} as a ZIP file to download.` : `We are moving ${what} ${where}.`),
        id,
        lookupSteps(portalUrl),
      ];
    }
    case 'finished':
    case 'finished-with-failures': {
      const done = file
        ? `${capitalise(what)} ${were(what)} saved as a ZIP file to download.`
        : `${capitalise(what)} ${were(what)} moved ${where}.`;
      const blocks: Block[] = [
        paragraph('Your export is finished.'),
        paragraph(failed > 0 ? `${done} But ${notMoved}` : done),
        ...receipt,
        id,
      ];
      if (file) {
        // The steps the portal takes from the export ID: its status page offers the sign-in that
        // comes back to it with the download (docs/decisions/0021-owner-bound-downloads.md).
        blocks.push({
          kind: 'steps',
          lead: 'To download your file, sign in on the export portal:',
          steps: [
            `Type this address into your browser: ${portalUrl}`,
            `Choose ${quote(PORTAL_LABELS.lookup)}. Enter your export ID (shown above) and choose ${quote(PORTAL_LABELS.lookupSubmit)}.`,
            `Choose ${quote(PORTAL_LABELS.signInToDownload)}. Sign in with your ${brandName} email address.`,
            `You come back to your export. Choose ${quote(PORTAL_LABELS.download)}.`,
          ],
          after: [
            'You can download the file for two weeks.',
            'Only you can download it. It opens only when you are signed in with the account that made the export.',
            ...(failed > 0
              ? [
                  `The same page has a list of the ${itemNoun(operations, 2)} that could not be saved, with the reason for each one. To get it, choose ${quote(REPORT_LINK)}.`,
                ]
              : []),
          ],
        });
      } else blocks.push(failed > 0 ? listSteps : lookupSteps(portalUrl));
      return blocks;
    }
    case 'error': {
      const kept = file ? ' No file was made.' : summary?.reason === 'all-items-failed' ? '' : ' What already arrived there stays there.';
      return [
        paragraph('Sorry, your export process stopped due to an error.'),
        paragraph(`It was ${file ? 'saving' : 'moving'} ${what} ${where}.${kept}${failed > 0 ? ` ${notMoved}` : ''}`),
        paragraph('You can start a new export on the export portal.'),
        ...receipt,
        id,
        failed > 0 ? listSteps : lookupSteps(portalUrl),
      ];
    }
    case 'paused':
      return [
        paragraph('Your export is paused, as you asked.'),
        paragraph(
          `We stopped moving ${what} ${where} for now. What already arrived there stays there. Nothing more is copied until you resume the export.`,
        ),
        id,
        {
          kind: 'steps',
          lead: 'To go on with your export, sign in on the export portal:',
          steps: signedInSteps(portalUrl, brandName, `Choose ${quote(PORTAL_LABELS.resume)}. It goes on from where it stopped.`),
          after: [],
        },
      ];
    case 'forwarding-ended':
      // Why it ended (its 30 days, the account closing, the owner's stop) is not told: one mail for all three.
      return [
        paragraph(`We have stopped copying the new mail of your ${brandName} mailbox ${where}.`),
        paragraph(`What we copied stays there. Mail that arrives at your ${brandName} mailbox from now on is not copied.`),
        id,
        lookupSteps(portalUrl),
      ];
    case 'cancelled':
      return [
        paragraph('Your export was cancelled, as you asked.'),
        paragraph(
          file
            ? `We stopped saving ${what} as a ZIP file to download. No file was made.`
            : `We stopped moving ${what} ${where}. What already arrived there stays there.`,
        ),
        ...receipt,
        id,
        lookupSteps(portalUrl),
      ];
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** "Your email was", "Your contacts were", "Your email and contacts were". */
const were = (what: string) => (what === 'your email' ? 'was' : 'were');

function blockText(block: Block): string[] {
  switch (block.kind) {
    case 'paragraph':
      return [block.text];
    case 'export-id':
      return ['Your export ID:', block.id];
    case 'steps':
      return [
        block.lead,
        ...block.steps.map((step, index) => `${index + 1}. ${step}`),
        ...(block.after.length > 0 ? ['', ...block.after] : []),
      ];
    case 'receipt': {
      const totals = totalsByKind(block.summary.receipt);
      return [
        'What arrived (at the source / at the destination):',
        ...totals.map((kind) => `  ${kindLabel(kind)}: ${itemCount(kind, kind.source)} / ${itemCount(kind, kind.destination)}`),
        ...receiptNotes(totals, PORTAL_LABELS.signIn),
      ];
    }
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function blockHtml(block: Block): string[] {
  const h = escapeHtml;
  switch (block.kind) {
    case 'paragraph':
      return [`<p>${h(block.text)}</p>`];
    case 'export-id':
      // The ID on a line of its own, to read out or copy.
      return [`<p>Your export ID:<br><strong style="font-family: monospace; font-size: 1.1em;">${h(block.id)}</strong></p>`];
    case 'steps':
      // The portal's address is plain text, not an <a>: the reader types it in.
      return [
        `<p>${h(block.lead)}</p>`,
        '<ol>',
        ...block.steps.map((step) => `<li>${h(step)}</li>`),
        '</ol>',
        ...block.after.map((text) => `<p>${h(text)}</p>`),
      ];
    case 'receipt': {
      const cell = 'style="padding: 2px 12px 2px 0; text-align: left;"';
      const totals = totalsByKind(block.summary.receipt);
      return [
        '<table style="border-collapse: collapse;"><caption style="text-align: left;">What arrived</caption>',
        `<thead><tr><th ${cell}>What</th><th ${cell}>At the source</th><th ${cell}>At the destination</th></tr></thead><tbody>`,
        ...totals.map(
          (kind) =>
            `<tr><td ${cell}>${h(kindLabel(kind))}</td><td ${cell}>${h(itemCount(kind, kind.source))}</td><td ${cell}>${h(itemCount(kind, kind.destination))}</td></tr>`,
        ),
        '</tbody></table>',
        ...receiptNotes(totals, PORTAL_LABELS.signIn).map((text) => `<p>${h(text)}</p>`),
      ];
    }
  }
}

/** The closing provider's name in the service's words (mails, the start log) until a deployment names it. */
export const SERVICE_BRAND_NAME = 'Northwave';

export function composeExportMail(notification: ExportNotification, brandName = SERVICE_BRAND_NAME): ExportMail {
  const outcome = outcomeOf(notification);
  const subject = subjectOf(outcome, notification);
  const blocks = blocksOf(outcome, notification, brandName);
  const closing = [`${brandName} will never ask for your password by email.`, `The ${brandName} team`];
  const text =
    [['Hello,'], ...blocks.map(blockText), ...closing.map((line) => [line])].map((lines) => lines.join('\n')).join('\n\n') + '\n';
  const h = escapeHtml;
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${h(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5;">',
    '<p>Hello,</p>',
    ...blocks.flatMap(blockHtml),
    ...closing.map((line) => `<p>${h(line)}</p>`),
    '</body></html>',
    '',
  ].join('\n');
  return { subject: `${brandName}: ${subject}`, text, html };
}
