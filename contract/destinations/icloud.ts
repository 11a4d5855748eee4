import type { DestinationDescriptor } from './descriptor.ts';

/**
 * Apple's iCloud Mail, over IMAP with an app-specific password: Apple offers other apps no consent for
 * mail, and its IMAP server takes only app-specific passwords (support.apple.com/en-us/102654).
 * It has no address book other apps can fill over a documented API.
 */
export const icloud = {
  id: 'icloud',
  name: 'iCloud Mail',
  description: 'Move to an Apple iCloud account',
  authorization: 'password',
  mailOnlyReason: 'iCloud Mail does not let other apps add contacts: only your email can move there.',
  passwordForm: {
    title: 'Your iCloud Mail account',
    intro:
      'Enter your iCloud email address and an app-specific password. Apple will not take your usual password here. To make one, sign in at account.apple.com. Then go to Sign-In and Security, and App-Specific Passwords.',
  },
  imapAliases: { icloud: 'imap.mail.me.com' },
  mailDomains: ['icloud.com', 'me.com', 'mac.com'],
} as const satisfies DestinationDescriptor;
