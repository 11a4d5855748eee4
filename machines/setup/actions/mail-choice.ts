/** "Choose what to move": the range, its first day, the folders ticked, and the folder list's answer. */
import { assertEvent } from 'xstate';
import type { SourceFoldersResponse } from '../../../contract/index.ts';
import { update } from '../typed.ts';

export const mailChoiceActions = {
  selectMailRange: update(({ context, event }) => {
    assertEvent(event, 'MAIL_RANGE.SELECTED');
    return { mailChoice: { ...context.mailChoice, range: event.range } };
  }),
  setMailFromDate: update(({ context, event }) => {
    assertEvent(event, 'MAIL_FROM_DATE.CHANGED');
    return { mailChoice: { ...context.mailChoice, fromDate: event.value.trim() } };
  }),
  toggleMailFolder: update(({ context, event }) => {
    assertEvent(event, 'MAIL_FOLDER.TOGGLED');
    const excluded = context.mailChoice.excludedFolders;
    const excludedFolders = excluded.includes(event.path) ? excluded.filter((path) => path !== event.path) : [...excluded, event.path];
    return { mailChoice: { ...context.mailChoice, excludedFolders } };
  }),
  /** A new list keeps only the unticked folders it still names. */
  storeSourceFolders: update(({ context }, params: { response: SourceFoldersResponse }) => {
    const listed = new Set(params.response.folders.map((folder) => folder.path));
    const excludedFolders = context.mailChoice.excludedFolders.filter((path) => listed.has(path));
    return { mailChoice: { ...context.mailChoice, folders: params.response, foldersError: null, excludedFolders } };
  }),
  /** Without the list no folder can be left out: every folder moves, and the page says so. */
  recordSourceFoldersError: update(({ context }) => ({
    mailChoice: { ...context.mailChoice, folders: null, excludedFolders: [], foldersError: 'foldersUnavailable' },
  })),
};
