/** `/migration-options`: what to save, and a file export's formats. */
import { section } from '../section.ts';

export const optionsWords = section('options', {
  contactsUnavailable: 'Contacts cannot be moved from this account.',
  contactsOnlyUnavailable: 'Gmail needs your email too: contacts can only move together with email.',
  email: 'Email',
  emailDescription: 'All your messages and folders',
  contacts: 'Contacts',
  contactsDescription: 'Your address book',
  both: 'Email and contacts',
  bothDescription: 'Everything in one go',
  whatToSave: 'What to save',
  fileFormats: 'File formats',
  fileFormatsText: 'Choose a format for each type you save. Your files stay available to download for two weeks.',
  emailFormat: 'Email file format',
  contactsFormat: 'Contacts file format',
  emlDescription: 'One file per message; opens in most mail apps',
  mboxDescription: 'One file per folder; for Thunderbird and Apple Mail',
  pstDescription: 'For Microsoft Outlook',
  csvDescription: 'A spreadsheet; imports into most address books',
  vcfDescription: 'vCard; for phones, Apple and Google Contacts',
  // §9's hidden forwarding option, when the service offers it (decision 0032).
  forwarding: 'Keep copying new mail until my account closes',
  forwardingHint:
    'Once a day, we copy mail that reaches your old mailbox, for up to 30 days or until your account closes. You can stop it at any time on the status page.',
});
