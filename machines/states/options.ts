/**
 * The options steps: the terms-gated provider's privacy statement, 'Choose what to save', and the
 * page that explains missing permissions. Next leaves for the destination's consent page (OAuth
 * destinations) or goes to the start page.
 *
 * 'Choose what to move' is a disclosure on the options page, closed by default so the page is the
 * page of before: opened, it lists the source's folders (once; the list is kept through a consent's
 * round trip) and takes a date range and the folders to leave out.
 *
 * §9's hidden forwarding option, when the service offers it, is one checkbox under the choice of mail:
 * "Keep copying new mail until my account closes". The consent is asked for what moves now; the
 * option only adds `emailforwarding` to the load (load-request.ts).
 */
import { and } from 'xstate';
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import { startOver } from './shared.ts';

export const acceptGoogleTerms = portalSetup.createStateConfig({
  meta: { route: ROUTES.acceptGoogleTerms, step: 2, sidebar: 'five' },
  on: {
    ...startOver,
    'WIZARD.NEXT_REQUESTED': { target: 'migrationOptions', actions: 'acceptGoogleTerms' },
    'WIZARD.BACK_REQUESTED': 'destinationAccount',
  },
});

export const migrationOptions = portalSetup.createStateConfig({
  meta: { route: ROUTES.migrationOptions, step: 3, sidebar: 'five' },
  entry: 'keepOfferedOperations',
  initial: 'idle',
  on: { ...startOver, 'WIZARD.BACK_REQUESTED': 'destinationAccount' },
  states: {
    idle: {
      initial: 'choiceClosed',
      states: {
        choiceClosed: {
          on: {
            'MAIL_CHOICE.TOGGLED': [{ guard: 'sourceFoldersKnown', target: 'choiceOpen.foldersShown' }, { target: 'choiceOpen' }],
          },
        },
        choiceOpen: {
          initial: 'loadingFolders',
          on: {
            'MAIL_CHOICE.TOGGLED': 'choiceClosed',
            'MAIL_RANGE.SELECTED': { actions: 'selectMailRange' },
            'MAIL_FROM_DATE.CHANGED': { actions: 'setMailFromDate' },
          },
          states: {
            loadingFolders: {
              invoke: {
                id: 'fetchSourceFolders',
                src: 'fetchSourceFolders',
                input: () => ({}),
                onDone: { target: 'foldersShown', actions: { type: 'storeSourceFolders', params: response } },
                onError: { target: 'foldersUnavailable', actions: 'recordSourceFoldersError' },
              },
            },
            foldersShown: {
              on: { 'MAIL_FOLDER.TOGGLED': { guard: 'folderListed', actions: 'toggleMailFolder' } },
            },
            foldersUnavailable: {
              on: { 'SOURCE_FOLDERS.RETRY_REQUESTED': 'loadingFolders' },
            },
          },
        },
      },
      on: {
        'OPERATIONS.SELECTED': {
          guard: { type: 'operationsChoiceAllowed', params: ({ event }) => ({ choice: event.choice }) },
          actions: { type: 'selectOperations', params: ({ event }) => ({ choice: event.choice }) },
        },
        'EXPORT_FORMAT.SELECTED': { guard: and(['isFileExport', 'formatOffered']), actions: 'selectExportFormat' },
        'FORWARDING.TOGGLED': { guard: 'forwardingAvailable', actions: 'chooseForwarding' },
        'WIZARD.NEXT_REQUESTED': [
          { guard: and(['optionsComplete', 'destinationUsesOAuth']), target: 'leavingForConsent', actions: 'clearOptionsError' },
          { guard: 'optionsComplete', target: '#exportPortal.startMigration', actions: 'clearOptionsError' },
        ],
      },
    },
    // The consent redirect is this state's entry: a restored snapshot never leaves twice.
    leavingForConsent: {
      entry: {
        type: 'leaveForDestinationConsent',
        // Entered only with an OAuth destination chosen (optionsComplete); null never leaves.
        params: ({ context }) => ({
          provider: context.dstAccount?.provider ?? null,
          operations: context.operations,
          language: context.language,
        }),
      },
    },
  },
});

export const checkEmailScopes = portalSetup.createStateConfig({
  meta: { route: ROUTES.checkEmailScopes, step: 3, sidebar: 'five' },
  on: {
    ...startOver,
    'WIZARD.NEXT_REQUESTED': [
      { guard: 'needsGoogleTerms', target: 'acceptGoogleTerms', actions: 'clearOptionsError' },
      { target: 'migrationOptions', actions: 'clearOptionsError' },
    ],
  },
});
