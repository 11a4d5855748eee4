/** The status pages and the support form. */
import { assertEvent } from 'xstate';
import type { JobsByEmailResponse, StatusResponse } from '../../../contract/index.ts';
import { emptySupportFields } from '../../context.ts';
import { MESSAGES } from '../../errors.ts';
import { refusalOf } from '../actors.ts';
import { update } from '../typed.ts';

type OwnerCallMessage =
  'pauseRefused' | 'pauseFailed' | 'resumeRefused' | 'resumeFailed' | 'stopForwardingRefused' | 'stopForwardingFailed';

/** The status-from-email page lists at most five exports, newest first. */
const MAX_LISTED_EXPORTS = 5;

export const statusActions = {
  // The answer as it came; what the page shows of it is read by selectJobStatus.
  storeJobStatus: update((_, params: { response: StatusResponse | null }) => (params.response ? { jobStatus: params.response } : {})),
  forgetJobStatus: update(() => ({ jobStatus: null })),
  followStartedExport: update(({ context }) => ({
    statusExportId: context.exportId ?? '',
    jobStatus: null,
    actionError: null,
    copyNewMailError: null,
  })),
  recordCancelRefused: update(() => ({ actionError: MESSAGES.cancelRefused })),
  recordCancelFailed: update(() => ({ actionError: MESSAGES.cancelFailed })),
  clearActionError: update(() => ({ actionError: null })),
  /** A pause, resume or stop of forwarding that did not go through: the page says why (MESSAGES names the words). */
  recordActionError: update((_, params: { message: OwnerCallMessage }) => ({
    actionError: MESSAGES[params.message],
  })),
  recordCopyNewMailRefused: update((_, params: { response: object }) => ({
    copyNewMailError: refusalOf(params.response) ?? MESSAGES.copyNewMailRefused,
  })),
  recordCopyNewMailFailed: update(() => ({ copyNewMailError: MESSAGES.copyNewMailFailed })),
  clearCopyNewMailError: update(() => ({ copyNewMailError: null })),
  storeJobs: update((_, params: { response: JobsByEmailResponse }) => ({
    jobs: Object.entries(params.response)
      .map(([id, startedAt]) => ({ id, startedAt }))
      .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))
      .slice(0, MAX_LISTED_EXPORTS),
  })),
  openExportStatus: update(({ event }) => {
    assertEvent(event, 'STATUS.OPENED');
    return { statusExportId: event.exportId, jobStatus: null, actionError: null, copyNewMailError: null };
  }),

  setSupportField: update(({ context, event }) => {
    assertEvent(event, 'SUPPORT.FIELD_CHANGED');
    return { support: { ...context.support, [event.field]: event.value }, supportError: null };
  }),
  clearSupportForm: update(() => ({ support: emptySupportFields(), supportError: null })),
  failSupport: update(() => ({ supportError: MESSAGES.unknownError })),
  refuseSupport: update((_, params: { response: object }) => ({ supportError: refusalOf(params.response) ?? MESSAGES.unknownError })),
};
