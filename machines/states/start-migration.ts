/**
 * `/start-migration`: the summary with an editable notification email — checked through the
 * domain-validation call 400 ms after typing stops, and refused 800 ms after it is emptied — and
 * Start Export. While an export starts nothing else is accepted, so a double click starts one.
 */
import { buildLoadRequest } from '../load-request.ts';
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import { notificationDomain } from '../validation.ts';
import { startOver } from './shared.ts';

export const startMigration = portalSetup.createStateConfig({
  meta: { route: ROUTES.startMigration, step: 4, sidebar: 'five' },
  entry: ['defaultNotificationEmail', 'clearStartError'],
  on: startOver,
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        // Each change restarts the check of the new value.
        'NOTIFICATION_EMAIL.CHANGED': [
          { guard: 'notificationEmailEmpty', target: '.notificationEmailEmpty', actions: 'setNotificationEmail' },
          { target: '.notificationEmailPending', actions: 'setNotificationEmail' },
        ],
        'WIZARD.BACK_REQUESTED': '#exportPortal.migrationOptions',
      },
      states: {
        idle: {
          on: {
            'EXPORT.START_REQUESTED': {
              guard: 'notificationEmailAccepted',
              target: '#exportPortal.startMigration.starting',
              actions: 'clearStartError',
            },
          },
        },
        notificationEmailPending: {
          after: {
            notificationEmailDebounce: [
              { guard: 'notificationEmailSyntaxValid', target: 'validatingNotificationEmail' },
              { target: 'idle', actions: 'rejectNotificationEmail' },
            ],
          },
        },
        notificationEmailEmpty: {
          after: { emptyNotificationEmailDelay: { target: 'idle', actions: 'rejectNotificationEmail' } },
        },
        validatingNotificationEmail: {
          invoke: {
            id: 'validateDomain',
            src: 'validateDomain',
            input: ({ context }) => ({ domain: notificationDomain(context.notificationEmail) ?? '' }),
            onDone: [
              { guard: { type: 'domainOk', params: response }, target: 'idle', actions: 'acceptNotificationEmail' },
              { target: 'idle', actions: 'rejectNotificationEmail' },
            ],
            onError: { target: 'idle', actions: 'rejectNotificationEmail' },
          },
        },
      },
    },
    starting: {
      invoke: {
        id: 'startExport',
        src: 'startExport',
        input: ({ context }) => buildLoadRequest(context),
        onDone: [
          { guard: { type: 'refused', params: response }, target: 'editing', actions: { type: 'refuseStart', params: response } },
          { target: '#exportPortal.complete', actions: { type: 'storeExportId', params: response } },
        ],
        onError: { target: 'editing', actions: 'failStart' },
      },
    },
  },
});
