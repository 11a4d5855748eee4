/** Terms, options and the start page, up to the export ID on the complete page. */
import { assertEvent } from 'xstate';
import type { LoadResponse } from '../../../contract/index.ts';
import { resetContext } from '../../context.ts';
import { MESSAGES } from '../../errors.ts';
import * as facts from '../../facts.ts';
import { operationsFor, type OperationsChoice } from '../../providers.ts';
import { refusalOf, type Refusal } from '../actors.ts';
import { update } from '../typed.ts';

export const exportActions = {
  acceptGoogleTerms: update(() => ({ googleTermsAccepted: true })),
  keepOfferedOperations: update(({ context }) => ({
    operations: context.operations.filter((op) => op !== 'contactsmigration' || facts.contactsOffered(context)),
  })),
  selectOperations: update((_, params: { choice: OperationsChoice }) => ({ operations: operationsFor(params.choice) })),
  selectExportFormat: update(({ event }) => {
    assertEvent(event, 'EXPORT_FORMAT.SELECTED');
    return event.kind === 'email' ? { emailExportType: event.format } : { contactsExportType: event.format };
  }),
  clearOptionsError: update(() => ({ optionsError: null })),
  chooseForwarding: update(({ context, event }) => {
    assertEvent(event, 'FORWARDING.TOGGLED');
    return { forwarding: { ...context.forwarding, chosen: event.chosen } };
  }),

  defaultNotificationEmail: update(({ context }) =>
    context.notificationEmail === '' ? { notificationEmail: context.srcAccount?.email ?? '', notificationEmailError: null } : {},
  ),
  setNotificationEmail: update(({ event }) => {
    assertEvent(event, 'NOTIFICATION_EMAIL.CHANGED');
    return { notificationEmail: event.value, notificationEmailError: null };
  }),
  rejectNotificationEmail: update(() => ({ notificationEmailError: MESSAGES.invalidNotificationEmail })),
  acceptNotificationEmail: update(() => ({ notificationEmailError: null })),
  clearStartError: update(() => ({ startError: null })),
  storeExportId: update((_, params: { response: LoadResponse | Refusal }) =>
    'jobid' in params.response ? { exportId: params.response.jobid, startError: null } : {},
  ),
  failStart: update(() => ({ startError: MESSAGES.unknownError })),
  refuseStart: update((_, params: { response: object }) => ({ startError: refusalOf(params.response) ?? MESSAGES.unknownError })),
  /**
   * The complete page clears the stored migration data. The export ID stays to be shown and copied,
   * and the sign-in stays: the customer may follow or stop the export they just started.
   */
  clearMigrationData: update(({ context }) => ({
    ...resetContext(context),
    exportId: context.exportId,
    srcAccount: context.srcAccount
      ? { email: context.srcAccount.email, provider: context.srcAccount.provider, tokenId: context.srcAccount.tokenId }
      : null,
  })),
};
