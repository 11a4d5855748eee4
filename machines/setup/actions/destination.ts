/** The destination page: a provider button, or the password form (Other's, or a password provider's) with its checks. */
import { assertEvent } from 'xstate';
import { destinationTakesContacts, isPasswordDestination, type CapabilitiesResponse } from '../../../contract/index.ts';
import { emptyOtherForm } from '../../context.ts';
import { MESSAGES } from '../../errors.ts';
import type { OtherForm, PortalContext } from '../../types.ts';
import { mapImapAlias, validateDifferentAddresses, validateEmail } from '../../validation.ts';
import { refusalOf } from '../actors.ts';
import { update } from '../typed.ts';

/** The Other form with some of its errors replaced. */
const withErrors = (context: PortalContext, errors: Partial<OtherForm['errors']>, more: Partial<OtherForm> = {}) => ({
  other: { ...context.other, ...more, errors: { ...context.other.errors, ...errors } },
});

const offeredForwarding = (context: PortalContext, listed: boolean) => {
  const offered = listed && context.dstAccount?.provider !== 'file';
  return { offered, chosen: offered && context.forwarding.chosen };
};

export const destinationActions = {
  // A password destination (iCloud) opens the password form for itself; any other choice closes it.
  selectDestination: update(({ event }) => {
    assertEvent(event, 'DESTINATION.SELECTED');
    const other = { ...emptyOtherForm(), active: isPasswordDestination(event.provider) };
    return { dstAccount: { provider: event.provider }, other, destinationError: null, operations: [] };
  }),
  openOther: update(({ context }) => ({
    dstAccount: { provider: 'other' },
    other: { ...context.other, active: true },
    destinationError: null,
    operations: [],
  })),
  setOtherField: update(({ context, event }) => {
    assertEvent(event, 'OTHER.FIELD_CHANGED');
    // Typing clears the form's error and the field's own (each is checked again later).
    const errors = { ...context.other.errors, form: null };
    if (event.field === 'email') return { other: { ...context.other, email: event.value, errors: { ...errors, email: null } } };
    if (event.field === 'password') return { other: { ...context.other, password: event.value, errors } };
    return {
      other: { ...context.other, imap: mapImapAlias(event.value), imapValidated: false, errors: { ...errors, imap: null } },
    };
  }),
  toggleCustomImap: update(({ context, event }) => {
    assertEvent(event, 'OTHER.CUSTOM_IMAP_TOGGLED');
    return withErrors(context, { imap: null }, { customImap: event.enabled, imapValidated: false });
  }),
  checkOtherEmail: update(({ context }) =>
    withErrors(context, {
      email: validateEmail(context.other.email) ?? validateDifferentAddresses(context.srcAccount?.email, context.other.email),
    }),
  ),
  rejectImap: update(({ context }) => withErrors(context, { imap: MESSAGES.invalidImap }, { imapValidated: false })),
  rejectUnresolvedImap: update(({ context }) => withErrors(context, { imap: MESSAGES.unresolvedImap }, { imapValidated: false })),
  acceptImap: update(({ context }) => withErrors(context, { imap: null }, { imapValidated: true })),
  storeOtherDestination: update(({ context }) => ({
    dstAccount: {
      provider: context.dstAccount?.provider ?? 'other',
      email: context.other.email.trim(),
      password: context.other.password,
      imap: context.other.customImap ? context.other.imap.trim() : undefined,
    },
  })),
  rejectCredentials: update(({ context }) => withErrors(context, { form: MESSAGES.incorrectCredentials })),
  failCredentialsUnknown: update(({ context }) => withErrors(context, { form: MESSAGES.unknownError })),
  refuseCredentials: update(({ context }, params: { response: object }) =>
    withErrors(context, { form: refusalOf(params.response) ?? MESSAGES.unknownError }),
  ),
  // The answer is about the signed-in account; a destination with nowhere to put contacts takes none whatever it says.
  applyCapabilities: update(({ context }, params: { response: CapabilitiesResponse }) => ({
    allowedContactsMigration:
      params.response.allowed_operations.includes('contactsmigration') &&
      !context.neverAllowContactsMigration &&
      (context.dstAccount === null || destinationTakesContacts(context.dstAccount.provider)),
    // Forwarding reaches a mailbox only; a choice made for an earlier destination stays if it is still offered.
    forwarding: offeredForwarding(context, params.response.allowed_operations.includes('emailforwarding')),
    destinationError: null,
  })),
  failDestinationUnknown: update(() => ({ destinationError: MESSAGES.unknownError })),
};
