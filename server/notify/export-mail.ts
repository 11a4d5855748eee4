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
import { estimateSentence, formatCount, providerName, type Language, type Operation } from '../../contract/index.ts';
import { mailWords } from '../../contract/words/en/mail.ts';
import { signInWords } from '../../contract/words/en/sign-in.ts';
import { statusWords } from '../../contract/words/en/status.ts';
import type { KeyOf, Values } from '../../contract/words/section.ts';
import { say } from '../../contract/words/translate.ts';
import type { ExportNotification } from '../ports.ts';
import { receiptNotes, receiptRows } from './mail-receipt.ts';

export type ExportMail = { subject: string; text: string; html: string };

type Summary = NonNullable<ExportNotification['summary']>;

/** The mail's words in one language. */
export type MailSay = (key: KeyOf<typeof mailWords>, values?: Values) => string;

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

/** What the export moves, as the messages select on it: its email, its contacts, or both. */
function whatOf(operations: readonly Operation[]): 'email' | 'contacts' | 'both' {
  const email = operations.includes('emailmigration') || operations.includes('emailforwarding');
  const contacts = operations.includes('contactsmigration');
  return email && contacts ? 'both' : contacts ? 'contacts' : 'email';
}

/** Where the export goes, after "to": "your Gmail account j…@gmail.com", "the email account f…@example.com". */
function accountWords(t: MailSay, destination: ExportNotification['destination'], brandName: string): string {
  const address = destination.email ? ` ${maskAddress(destination.email)}` : '';
  // The provider's name, the successor product's, or none (Other).
  const name = providerName(destination.provider, brandName);
  return name ? t('account', { name, address }) : t('anyAccount', { address });
}

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'export-id'; id: string }
  | { kind: 'steps'; lead: string; steps: string[]; after: string[] }
  | { kind: 'receipt'; summary: Summary };

/**
 * The labels of the portal the mails quote, as the portal shows them in the mail's language
 * (src/views/sign-in/, src/views/status/; test/server/notify/mail-notifier.test.ts checks they still are).
 */
export function portalLabels(language: Language) {
  const signIn = (key: KeyOf<typeof signInWords>) => say(language, signInWords, key);
  const status = (key: KeyOf<typeof statusWords>) => say(language, statusWords, key);
  return {
    lookup: signIn('checkStatus'),
    lookupSubmit: signIn('checkStatusButton'),
    signIn: signIn('checkBySigningIn'),
    signInToDownload: status('signInToDownload'),
    download: status('download'),
    resume: status('resume'),
    report: status('reportFailedLink'),
  };
}
export const PORTAL_LABELS = portalLabels('en');

/** What a mail's blocks are made from: the notification, its words, and the labels it quotes. */
type Parts = { notification: ExportNotification; t: MailSay; labels: ReturnType<typeof portalLabels>; brand: string };

/**
 * How to open the export's status page signed in, where the file and the list of items not moved are:
 * the home page's "Check your export status", its "Check by signing in", then the export in the list.
 */
function signedInSteps({ notification, t, labels, brand }: Parts, last: string): string[] {
  return [
    t('typeAddress', { url: notification.portalUrl }),
    t('signedInChoose', { lookup: labels.lookup, signIn: labels.signIn }),
    t('signInWith', { brand }),
    t('chooseThisOne'),
    last,
  ];
}

function lookupSteps({ notification, t, labels }: Parts): Block {
  return {
    kind: 'steps',
    lead: t('lookupLead'),
    steps: [t('typeAddress', { url: notification.portalUrl }), t('lookupChoose', { lookup: labels.lookup })],
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

const SUBJECTS = {
  started: 'subjectStarted',
  paused: 'subjectPaused',
  'forwarding-ended': 'subjectForwardingEnded',
  finished: 'subjectFinished',
  'finished-with-failures': 'subjectFinishedWithFailures',
  error: 'subjectError',
  cancelled: 'subjectCancelled',
} as const satisfies Record<Outcome, KeyOf<typeof mailWords>>;

function subjectOf(outcome: Outcome, { notification, t }: Parts): string {
  const what = whatOf(notification.operations);
  return t(SUBJECTS[outcome], {
    items: t('items', { what, count: 2 }),
    file: notification.destination.provider === 'file' ? 'yes' : 'no',
  });
}

/** The blocks of one mail, in order; rendered as text and as HTML alike. */
function blocksOf(outcome: Outcome, parts: Parts): Block[] {
  const { notification, t, labels, brand } = parts;
  const { destination, operations, summary, exportId } = notification;
  const file = destination.provider === 'file';
  const what = whatOf(operations);
  const whatWords = t('what', { what });
  const where = file ? t('toFile') : t('toAccount', { account: accountWords(t, destination, brand) });
  const failed = summary?.failed ?? 0;
  const failedWords = `${formatCount(failed)} ${t('items', { what, count: failed })}`;
  const refuser = providerName(destination.provider, brand) ?? t('anyRefuser');
  const notMoved = file
    ? t('notSavedInFile', { failed: failedWords, count: failed, brand })
    : t('notMoved', { failed: failedWords, count: failed, refuser, brand });
  const id: Block = { kind: 'export-id', id: exportId };
  const receipt: Block[] = summary && summary.receipt.length > 0 ? [{ kind: 'receipt', summary }] : [];
  const listSteps: Block = {
    kind: 'steps',
    lead: t('listLead', { items: t('items', { what, count: 2 }) }),
    steps: signedInSteps(parts, t('listLast', { report: labels.report })),
    after: [],
  };
  const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
  const sentences = (...texts: string[]) => texts.filter(Boolean).join(' ');

  switch (outcome) {
    case 'started': {
      const estimate = notification.estimate ? estimateSentence(notification.estimate, notification.language) : '';
      return [
        paragraph(sentences(t('started'), estimate, t('startedNext'))),
        paragraph(file ? t('startedFile', { whatWords }) : t('startedAccount', { whatWords, where })),
        id,
        lookupSteps(parts),
      ];
    }
    case 'finished':
    case 'finished-with-failures': {
      const done = file ? t('doneFile', { what }) : t('doneAccount', { what, where });
      const blocks: Block[] = [paragraph(t('finished')), paragraph(failed > 0 ? t('doneBut', { done, notMoved }) : done), ...receipt, id];
      if (file) {
        // The steps the portal takes from the export ID: its status page offers the sign-in that
        // comes back to it with the download (docs/decisions/0021-owner-bound-downloads.md).
        blocks.push({
          kind: 'steps',
          lead: t('fileLead'),
          steps: [
            t('typeAddress', { url: notification.portalUrl }),
            t('fileLookup', { lookup: labels.lookup, lookupSubmit: labels.lookupSubmit }),
            t('fileSignIn', { signInToDownload: labels.signInToDownload, brand }),
            t('fileDownload', { download: labels.download }),
          ],
          after: [
            t('fileTwoWeeks'),
            t('fileOnlyYou'),
            ...(failed > 0 ? [t('fileList', { items: t('items', { what, count: 2 }), report: labels.report })] : []),
          ],
        });
      } else blocks.push(failed > 0 ? listSteps : lookupSteps(parts));
      return blocks;
    }
    case 'error': {
      const kept = file ? t('noFile') : summary?.reason === 'all-items-failed' ? '' : t('keptThere');
      return [
        paragraph(t('error')),
        paragraph(sentences(t('errorWas', { file: file ? 'yes' : 'no', whatWords, where }), kept, failed > 0 ? notMoved : '')),
        paragraph(t('startNew')),
        ...receipt,
        id,
        failed > 0 ? listSteps : lookupSteps(parts),
      ];
    }
    case 'paused':
      return [
        paragraph(t('paused')),
        paragraph(t('pausedWhat', { whatWords, where })),
        id,
        {
          kind: 'steps',
          lead: t('pausedLead'),
          steps: signedInSteps(parts, t('pausedLast', { resume: labels.resume })),
          after: [],
        },
      ];
    case 'forwarding-ended':
      // Why it ended (its 30 days, the account closing, the owner's stop) is not told: one mail for all three.
      return [paragraph(t('forwardingEnded', { brand, where })), paragraph(t('forwardingEndedKept', { brand })), id, lookupSteps(parts)];
    case 'cancelled':
      return [
        paragraph(t('cancelled')),
        paragraph(file ? t('cancelledFile', { whatWords }) : t('cancelledAccount', { whatWords, where })),
        ...receipt,
        id,
        lookupSteps(parts),
      ];
  }
}

function blockText(block: Block, { t, labels }: Parts): string[] {
  switch (block.kind) {
    case 'paragraph':
      return [block.text];
    case 'export-id':
      return [t('exportId'), block.id];
    case 'steps':
      return [
        block.lead,
        ...block.steps.map((step, index) => `${index + 1}. ${step}`),
        ...(block.after.length > 0 ? ['', ...block.after] : []),
      ];
    case 'receipt': {
      const rows = receiptRows(t, block.summary.receipt);
      return [
        t('receiptText'),
        ...rows.map((row) => `  ${row.label}: ${row.source} / ${row.destination}`),
        ...receiptNotes(t, block.summary.receipt, labels.signIn),
      ];
    }
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function blockHtml(block: Block, { t, labels }: Parts): string[] {
  const h = escapeHtml;
  switch (block.kind) {
    case 'paragraph':
      return [`<p>${h(block.text)}</p>`];
    case 'export-id':
      // The ID on a line of its own, to read out or copy.
      return [`<p>${h(t('exportId'))}<br><strong style="font-family: monospace; font-size: 1.1em;">${h(block.id)}</strong></p>`];
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
      const rows = receiptRows(t, block.summary.receipt);
      return [
        `<table style="border-collapse: collapse;"><caption style="text-align: left;">${h(t('receiptCaption'))}</caption>`,
        `<thead><tr><th ${cell}>${h(t('receiptWhat'))}</th><th ${cell}>${h(t('receiptSource'))}</th><th ${cell}>${h(t('receiptDestination'))}</th></tr></thead><tbody>`,
        ...rows.map(
          (row) => `<tr><td ${cell}>${h(row.label)}</td><td ${cell}>${h(row.source)}</td><td ${cell}>${h(row.destination)}</td></tr>`,
        ),
        '</tbody></table>',
        ...receiptNotes(t, block.summary.receipt, labels.signIn).map((text) => `<p>${h(text)}</p>`),
      ];
    }
  }
}

/** The closing provider's name in the service's words (mails, the start log) until a deployment names it. */
export const SERVICE_BRAND_NAME = 'Northwave';

/** The mail of a notification, in the language its export was started in (English when it was not told). */
export function composeExportMail(notification: ExportNotification, brandName = SERVICE_BRAND_NAME): ExportMail {
  const { language } = notification;
  const t: MailSay = (key, values) => say(language, mailWords, key, values);
  const parts: Parts = { notification, t, labels: portalLabels(language), brand: brandName };
  const outcome = outcomeOf(notification);
  const subject = subjectOf(outcome, parts);
  const blocks = blocksOf(outcome, parts);
  const closing = [t('neverAsk', { brand: brandName }), t('team', { brand: brandName })];
  const text =
    [[t('hello')], ...blocks.map((block) => blockText(block, parts)), ...closing.map((line) => [line])]
      .map((lines) => lines.join('\n'))
      .join('\n\n') + '\n';
  const h = escapeHtml;
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${h(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1a1a; line-height: 1.5;">',
    `<p>${h(t('hello'))}</p>`,
    ...blocks.flatMap((block) => blockHtml(block, parts)),
    ...closing.map((line) => `<p>${h(line)}</p>`),
    '</body></html>',
    '',
  ].join('\n');
  return { subject: t('subject', { brand: brandName, subject }), text, html };
}
