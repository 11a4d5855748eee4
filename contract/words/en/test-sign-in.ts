/**
 * The development provider's pages (server/development/identity-provider/pages.ts): the test sign-in
 * that stands in for Northwave's single sign-on, and the test consent of each destination. The
 * portal asks for them in the visit's language (OpenID Connect's `ui_locales`, decision 0033). Only
 * the service (Node) imports this section.
 */
import { section } from '../section.ts';

export const testSignInWords = section('testSignIn', {
  badge: 'Development sign-in',
  signInTitle: 'Northwave sign-in (development)',
  signInLead: 'Sign in to the Northwave export portal.',
  signInHint:
    "This is a test sign-in. It is a real OpenID Connect sign-in that stands in for Northwave's own while none is set up. It asks for no password. Pick a test account to see the portal as that customer does.",
  scenarios: 'Scenario accounts',
  otherAddress: 'Another address',
  otherLabel: 'Email address (treated as an active account)',
  signIn: 'Sign in',
  cancel: 'Cancel sign-in',
  consentTitle: '{name} consent (development sign-in)',
  consentHeading: 'Allow access to your {name} account',
  consentLead: 'The Northwave export portal asks to use your {name} account, so it can copy your data into it.',
  consentHint:
    'This is a test page that stands in for {name}. It asks for no password. If you untick a box or choose Deny, the portal gets the same answer {name} would give.',
  signedInAs: 'Signed in as',
  accountAddress: '{name} account address',
  mayDo: 'The export portal will be able to:',
  mail: 'Read, compose and send your email',
  contacts: 'See and edit your contacts',
  allow: 'Allow',
  deny: 'Deny',
});
