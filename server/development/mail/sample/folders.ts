/**
 * The folder tree of a sample mailbox: the special-use folders every mailbox has, a folder with a
 * child, a child whose parent holds no mail (Travel has no folder of its own, like an IMAP \Noselect
 * parent), non-ASCII names in two scripts, and one empty folder. `weight` is the share of the mail.
 */
export type SampleFolder = { segments: string[]; role: string | null; weight: number };

export const SAMPLE_FOLDERS: readonly SampleFolder[] = [
  { segments: ['INBOX'], role: '\\Inbox', weight: 40 },
  { segments: ['Sent'], role: '\\Sent', weight: 14 },
  { segments: ['Drafts'], role: '\\Drafts', weight: 3 },
  { segments: ['Trash'], role: '\\Trash', weight: 5 },
  { segments: ['Junk'], role: '\\Junk', weight: 5 },
  { segments: ['Archive'], role: '\\Archive', weight: 10 },
  { segments: ['Family'], role: null, weight: 6 },
  { segments: ['Family', 'Photos'], role: null, weight: 4 },
  { segments: ['Receipts'], role: null, weight: 7 },
  { segments: ['Travel', 'Été à Montréal'], role: null, weight: 3 },
  { segments: ['Документы'], role: null, weight: 3 },
  { segments: ['Old projects'], role: null, weight: 0 },
];

/** The mailbox's hierarchy delimiter, as its IMAP server would announce it. */
export const SAMPLE_DELIMITER = '/';
