/**
 * `/accept-google-terms`: the plain-language statement a customer accepts before the portal asks
 * Google for access to their Gmail account. `{provider}` is the closing provider's name.
 */
import { section } from '../section.ts';

export const googleTermsWords = section('googleTerms', {
  title: 'Privacy statement',
  lead: 'Before you continue to Google, please read how we use access to your Gmail account.',
  region: 'How we use your Gmail account',
  whyTitle: 'Why we ask for access to your Gmail account',
  whyText:
    'To copy your {provider} email and contacts into Gmail, our transfer partner needs your permission to add them to your Google account. Google will ask you for it on its own sign-in page after you continue. We never see or store your Google password.',
  whatTitle: 'What we access, and what we do not',
  mailLabel: 'Mail:',
  mailText:
    'we add the messages and folders from your {provider} mailbox to Gmail. We do not read, change, send or delete any message that is already in your Gmail account.',
  contactsLabel: 'Contacts:',
  contactsText:
    'if you choose to move contacts, we add your {provider} address book to Google Contacts. Existing Google contacts are left as they are.',
  onlyMove: 'We use your Google data only to move your email and contacts. We never use it for ads.',
  noSell: 'We do not sell your Google data. We share it only with the partner that does the move for us.',
  howTitle: 'How the transfer works',
  howText:
    'After you start the export, our transfer partner copies your data directly from {provider} to Google over encrypted connections. Depending on the size of your mailbox this can take from a few minutes to a few days. You can keep using both accounts while it runs. We send a message to your notification address when the export starts, with an export ID you can use to check its progress.',
  keepTitle: 'How long we keep access',
  keepText:
    'We use access to your Google account only while your export runs. When it ends, or if it stops with an error, we delete the access token. We keep a short record of the export (its ID, when it started, and if it worked) so you and our support team can check on it later. It holds none of your messages or contacts.',
  controlTitle: 'You stay in control',
  controlRemove:
    "You can remove the portal's access at any time from the Security page of your Google account. A running export then stops; messages already copied stay in Gmail.",
  controlApprove:
    'Google will ask for several permissions. Please approve all of them: without them the export cannot complete, and we will ask you to sign in to Google again.',
  controlRules:
    'What we do with data from Google follows the rules Google sets for apps. Those are its API Services User Data Policy and its Limited Use rules.',
  helpTitle: 'Questions',
  helpText:
    'If anything here is unclear, or you want us to delete the record of your export, contact {provider} support through the help pages at the top of this page. When you choose Next, you say that you have read this and agree to the access above.',
});
