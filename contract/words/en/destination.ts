/** `/destination-account`: where the data goes, the password form, the closure panel. */
import { section } from '../section.ts';

export const destinationScreenWords = section('destination', {
  daysLeft: 'You have {days, plural, =0 {less than a day} one {1 day} other {{days} days}} to save your data',
  addressNote:
    'Your {provider} email address itself will not move. You will use the address of the account you choose, and people who write to you will need your new address.',
  nothingToKeep: 'Nothing you want to keep?',
  closeInstead: 'Close your account instead',
  where: 'Where do you want to save your data?',
  reviewClosure: 'Review account closure',
  cancelClosure: 'Cancel closure',
  customImapHelp: 'Turn on “Use a custom IMAP server” below. Then type the IMAP address your email company gave you.',
  email: 'Email address',
  password: 'Password',
  customImap: 'Use a custom IMAP server',
  customImapHint: 'Only if your provider gave you an IMAP server address.',
  imapServer: 'IMAP server',
  imapServerHint: 'Like imap.example.com. Or just a name, such as gmail.',
  next: 'Next',
  back: 'Back',
});
