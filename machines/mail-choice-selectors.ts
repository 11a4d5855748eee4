/**
 * What the options page's "Choose what to move" reads (the disclosure, the range, the folders): data
 * and keys of the mail choice's words, which the view says in the customer's language (decision 0033).
 */
import { DATE_RANGES } from '../contract/index.ts';
import { mailChoiceProblem, mailChoiceSummary } from './mail-choice.ts';
import type { PortalSnapshot } from './selectors.ts';

/** "Choose what to move" on the options page: open or closed, the range, the folders, and what stops Next. */
export const selectMailChoice = (snapshot: PortalSnapshot) => {
  const choice = snapshot.context.mailChoice;
  const listed = choice.folders;
  return {
    /** Offered only when email is moved. */
    offered: snapshot.context.operations.includes('emailmigration'),
    open: snapshot.matches({ migrationOptions: { idle: 'choiceOpen' } }),
    loading: snapshot.matches({ migrationOptions: { idle: { choiceOpen: 'loadingFolders' } } }),
    /** What will move in short, for beside the disclosure; null for everything. */
    summary: mailChoiceSummary(choice),
    range: choice.range,
    ranges: DATE_RANGES,
    fromDate: choice.fromDate,
    /** Each folder: a special folder is named by its use, any other by its name. */
    folders: (listed?.folders ?? []).map((folder) => ({
      path: folder.path,
      name: folder.name,
      special: folder.special_use,
      messages: folder.messages,
      bytes: folder.bytes,
      ticked: !choice.excludedFolders.includes(folder.path),
    })),
    /** The mailbox has more folders than the list shows: those not shown always move. */
    moreFolders: listed !== null && !listed.complete,
    foldersError: choice.foldersError,
    canRetry: snapshot.can({ type: 'SOURCE_FOLDERS.RETRY_REQUESTED' }),
    /** Why Next cannot go on with this choice. */
    problem: mailChoiceProblem(choice),
  };
};
