/** The status pages and the support form. */
import { assertEvent } from 'xstate';
import type { JobsByEmailResponse, StatusResponse } from '../../../contract/index.ts';
import { emptySupportFields } from '../../context.ts';
import { MESSAGES } from '../../errors.ts';
import { toJobStatus } from '../../job-status.ts';
import { update } from '../typed.ts';

/** The status-from-email page lists at most five exports, newest first. */
const MAX_LISTED_EXPORTS = 5;

export const statusActions = {
  storeJobStatus: update((_, params: { response: StatusResponse | null }) => {
    if (!params.response) return {};
    const failed = Boolean(params.response.error);
    const status = (op: StatusResponse['emailmigration']) => (op ? (failed ? 'error' : toJobStatus(op.status)) : null);
    return {
      jobStatus: {
        emailmigration: status(params.response.emailmigration),
        contactsmigration: status(params.response.contactsmigration),
        downloadUrl: params.response.emailmigration?.download_url ?? params.response.contactsmigration?.download_url ?? null,
      },
    };
  }),
  storeJobs: update((_, params: { response: JobsByEmailResponse }) => ({
    jobs: Object.entries(params.response)
      .map(([id, startedAt]) => ({ id, startedAt }))
      .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))
      .slice(0, MAX_LISTED_EXPORTS),
  })),
  openListedExport: update(({ event }) => {
    assertEvent(event, 'STATUS.OPENED');
    return { statusExportId: event.exportId, jobStatus: null };
  }),

  setSupportField: update(({ context, event }) => {
    assertEvent(event, 'SUPPORT.FIELD_CHANGED');
    return { support: { ...context.support, [event.field]: event.value }, supportError: null };
  }),
  clearSupportForm: update(() => ({ support: emptySupportFields(), supportError: null })),
  failSupport: update(() => ({ supportError: MESSAGES.unknownError })),
};
