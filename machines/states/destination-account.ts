/**
 * `/destination-account`: a provider button, or the password form — Other's or a password provider's
 * (iCloud) — with its email (checked 1000 ms after typing stops), password and, for Other, an
 * optional custom IMAP host (checked on blur), then the credentials check and the destination's
 * capabilities.
 */
import { and } from 'xstate';
import { ROUTES } from '../routes.ts';
import { portalSetup } from '../setup/index.ts';
import { response } from '../setup/typed.ts';
import { startOver } from './shared.ts';

export const destinationAccount = portalSetup.createStateConfig({
  meta: { route: ROUTES.destinationAccount, step: 2, sidebar: 'five' },
  initial: 'choosing',
  on: {
    ...startOver,
    'DESTINATION.SELECTED': {
      guard: { type: 'destinationOffered', params: ({ event }) => ({ provider: event.provider }) },
      target: '.choosing',
      actions: 'selectDestination',
    },
    'OTHER.OPENED': { target: '.choosing', actions: 'openOther' },
    'OTHER.FIELD_CHANGED': [
      // Typing the email restarts its check and clears the earlier error.
      { guard: 'isOtherEmailField', target: '.emailPending', reenter: true, actions: 'setOtherField' },
      { actions: 'setOtherField' },
    ],
    'OTHER.CUSTOM_IMAP_TOGGLED': { actions: 'toggleCustomImap' },
    'OPT_OUT.REVIEW_REQUESTED': { guard: 'mayReviewOptOut', target: '#exportPortal.optOutInfo' },
    'OPT_OUT.CANCEL_REQUESTED': {
      guard: and(['optOutPanelShown', 'mayCancelOptOut']),
      target: '#exportPortal.optOutInfo.confirmingCancel',
    },
  },
  states: {
    choosing: {
      on: {
        'WIZARD.NEXT_REQUESTED': [
          { guard: 'otherFormReady', target: 'validatingCredentials' },
          { guard: 'providerChosen', target: 'fetchingCapabilities' },
        ],
        'OTHER.IMAP_BLURRED': [
          { guard: 'customImapSyntaxInvalid', actions: 'rejectImap' },
          { guard: 'customImapNeedsCheck', target: 'validatingImap' },
        ],
      },
    },
    emailPending: {
      after: { emailDebounce: { target: 'choosing', actions: 'checkOtherEmail' } },
      on: {
        // Leaving the IMAP field checks the email at once rather than after the pause.
        'OTHER.IMAP_BLURRED': [
          { guard: 'customImapSyntaxInvalid', target: 'choosing', actions: ['checkOtherEmail', 'rejectImap'] },
          { guard: 'customImapNeedsCheck', target: 'validatingImap', actions: 'checkOtherEmail' },
        ],
      },
    },
    validatingImap: {
      invoke: {
        id: 'validateImap',
        src: 'validateImap',
        input: ({ context }) => ({ imap: context.other.imap.trim() }),
        onDone: [
          { guard: { type: 'imapResolved', params: response }, target: 'choosing', actions: 'acceptImap' },
          { target: 'choosing', actions: 'rejectUnresolvedImap' },
        ],
        onError: { target: 'choosing', actions: 'rejectImap' },
      },
    },
    validatingCredentials: {
      invoke: {
        id: 'validateCredentials',
        src: 'validateCredentials',
        input: ({ context }) => ({
          email: context.other.email.trim(),
          password: context.other.password,
          imap: context.other.customImap ? context.other.imap.trim() : undefined,
          provider: context.dstAccount?.provider ?? 'other',
        }),
        onDone: [
          { guard: { type: 'refused', params: response }, target: 'choosing', actions: { type: 'refuseCredentials', params: response } },
          { guard: { type: 'credentialsOk', params: response }, target: 'fetchingCapabilities', actions: 'storeOtherDestination' },
          { guard: { type: 'credentialsImapRejected', params: response }, target: 'choosing', actions: 'rejectImap' },
          { target: 'choosing', actions: 'rejectCredentials' },
        ],
        onError: { target: 'choosing', actions: 'failCredentialsUnknown' },
      },
    },
    fetchingCapabilities: {
      invoke: {
        id: 'fetchCapabilities',
        src: 'fetchCapabilities',
        input: ({ context }) => ({ email: context.srcAccount?.email ?? '' }),
        onDone: [
          {
            guard: 'needsGoogleTerms',
            target: '#exportPortal.acceptGoogleTerms',
            actions: { type: 'applyCapabilities', params: response },
          },
          { target: '#exportPortal.migrationOptions', actions: { type: 'applyCapabilities', params: response } },
        ],
        onError: { target: 'choosing', actions: 'failDestinationUnknown' },
      },
    },
  },
});
