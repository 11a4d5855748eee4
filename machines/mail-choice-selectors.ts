/** What the options page's "Choose what to move" reads (the disclosure, the range, the folders). */
import { DATE_RANGES, formatBytes, formatCount } from '../contract/index.ts';
import { folderLabel, mailChoiceProblem, mailChoiceSummary, RANGE_LABELS } from './mail-choice.ts';
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
    ranges: DATE_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] })),
    fromDate: choice.fromDate,
    folders: (listed?.folders ?? []).map((folder) => ({
      path: folder.path,
      label: folderLabel(folder),
      detail: `${formatCount(folder.messages)} ${folder.messages === 1 ? 'message' : 'messages'}${folder.bytes === null ? '' : `, ${formatBytes(folder.bytes)}`}`,
      ticked: !choice.excludedFolders.includes(folder.path),
    })),
    /** The mailbox has more folders than the list shows: those not shown always move. */
    moreFolders:
      listed !== null && !listed.complete ? 'Only your first folders are listed here. Folders not listed are always moved.' : null,
    foldersError: choice.foldersError,
    canRetry: snapshot.can({ type: 'SOURCE_FOLDERS.RETRY_REQUESTED' }),
    /** Why Next cannot go on with this choice, in words. */
    problem: mailChoiceProblem(choice),
  };
};
