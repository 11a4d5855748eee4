/**
 * The folders a new mailbox at each destination provider already has, with their special use, so that
 * a development export lands the way a real one would: sent mail in Gmail's `[Gmail]/Sent Mail`, in
 * Outlook.com's `Sent Items`, junk in Yahoo's `Bulk Mail`. Names as the providers list them over IMAP.
 * Gmail has no archive folder (archiving is a label), so an `\Archive` source folder becomes a label
 * there, as it does when the engine copies into Gmail itself.
 */
import type { DestinationProvider } from '../../../contract/index.ts';
import type { MailboxMeta } from './mailbox.ts';

export type MailboxProvider = Exclude<DestinationProvider, 'file'>;

type Flavour = { delimiter: MailboxMeta['delimiter']; folders: Record<string, string[]> };

const DOVECOT_LIKE: Flavour = {
  delimiter: '.',
  folders: { '\\Sent': ['Sent'], '\\Drafts': ['Drafts'], '\\Trash': ['Trash'], '\\Junk': ['Junk'], '\\Archive': ['Archive'] },
};

export const PROVIDER_FLAVOURS: Record<MailboxProvider, Flavour> = {
  gmail: {
    delimiter: '/',
    folders: {
      '\\Sent': ['[Gmail]', 'Sent Mail'],
      '\\Drafts': ['[Gmail]', 'Drafts'],
      '\\Trash': ['[Gmail]', 'Trash'],
      '\\Junk': ['[Gmail]', 'Spam'],
    },
  },
  outlook: {
    delimiter: '/',
    folders: {
      '\\Sent': ['Sent Items'],
      '\\Drafts': ['Drafts'],
      '\\Trash': ['Deleted Items'],
      '\\Junk': ['Junk Email'],
      '\\Archive': ['Archive'],
    },
  },
  yahoo: {
    delimiter: '/',
    folders: { '\\Sent': ['Sent'], '\\Drafts': ['Draft'], '\\Trash': ['Trash'], '\\Junk': ['Bulk Mail'], '\\Archive': ['Archive'] },
  },
  aol: {
    delimiter: '/',
    folders: { '\\Sent': ['Sent'], '\\Drafts': ['Drafts'], '\\Trash': ['Trash'], '\\Junk': ['Spam'], '\\Archive': ['Archive'] },
  },
  northwave_next: DOVECOT_LIKE,
  other: DOVECOT_LIKE,
};

/** mailbox.json of a new mailbox of this provider. */
export function providerMeta(provider: MailboxProvider): MailboxMeta {
  const { delimiter, folders } = PROVIDER_FLAVOURS[provider];
  return { delimiter, specialUse: Object.fromEntries(Object.entries(folders).map(([role, segments]) => [segments.join(delimiter), role])) };
}
