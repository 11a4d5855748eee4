/**
 * The words of the export notification mails (server/notify/export-mail.ts; the choices are in
 * docs/transfer.md, "The words of the mails"). The service says them in the language the export was
 * started in (decision 0033). `what` is what the export moves (`email`, `contacts` or `both`), so a
 * language can make its words agree with it; `file` is `yes` for a file export. Counts arrive already
 * worded (`{failed}`: "3 messages") beside their number (`count`) for the plural.
 */
import { section } from '../section.ts';

export const mailWords = section('mail', {
  subject: '{brand}: {subject}',
  subjectStarted: 'Your export has started',
  subjectPaused: 'Your export is paused',
  subjectForwardingEnded: 'We have stopped copying your new mail',
  subjectFinished: 'Your export is complete',
  subjectFinishedWithFailures: 'Your export is finished — some {items} could not be {file, select, yes {saved} other {moved}}',
  subjectError: 'Your export stopped due to an error',
  subjectCancelled: 'Your export was cancelled',

  hello: 'Hello,',
  neverAsk: '{brand} will never ask for your password by email.',
  team: 'The {brand} team',
  exportId: 'Your export ID:',

  what: '{what, select, email {your email} contacts {your contacts} other {your email and contacts}}',
  items: `{what, select,
    email {{count, plural, one {message} other {messages}}}
    contacts {{count, plural, one {contact} other {contacts}}}
    other {{count, plural, one {message or contact} other {messages or contacts}}}}`,
  account: 'your {name} account{address}',
  anyAccount: 'the email account{address}',
  toFile: 'as a ZIP file to download',
  toAccount: 'to {account}',
  anyRefuser: 'The email account',
  notSavedInFile: '{failed} could not be saved in it. {count, plural, one {It} other {They}} could not be read from your {brand} mailbox.',
  notMoved:
    '{failed} could not be moved. {refuser} refused {count, plural, one {it} other {them}}, or {count, plural, one {it} other {they}} could not be read from your {brand} mailbox.',

  typeAddress: 'Type this address into your browser: {url}',
  lookupLead: 'To check on your export:',
  lookupChoose: 'Choose "{lookup}". Then enter your export ID.',
  signedInChoose: 'Choose "{lookup}". Then choose "{signIn}".',
  signInWith: 'Sign in with your {brand} email address.',
  chooseThisOne: 'In the list of your exports, choose this one. Its export ID is shown above.',
  listLead: 'To see which {items} did not move, sign in on the export portal:',
  listLast: 'Choose "{report}". The list gives the reason for each one.',

  started: "We're pulling together your data.",
  startedNext: 'We will send you another email when your export is finished.',
  startedFile: 'We are saving {whatWords} as a ZIP file to download.',
  startedAccount: 'We are moving {whatWords} {where}.',

  finished: 'Your export is finished.',
  doneFile:
    '{what, select, email {Your email was} contacts {Your contacts were} other {Your email and contacts were}} saved as a ZIP file to download.',
  doneAccount: '{what, select, email {Your email was} contacts {Your contacts were} other {Your email and contacts were}} moved {where}.',
  doneBut: '{done} But {notMoved}',
  fileLead: 'To download your file, sign in on the export portal:',
  fileLookup: 'Choose "{lookup}". Enter your export ID (shown above) and choose "{lookupSubmit}".',
  fileSignIn: 'Choose "{signInToDownload}". Sign in with your {brand} email address.',
  fileDownload: 'You come back to your export. Choose "{download}".',
  fileTwoWeeks: 'You can download the file for two weeks.',
  fileOnlyYou: 'Only you can download it. It opens only when you are signed in with the account that made the export.',
  fileList: 'The same page has a list of the {items} that could not be saved, with the reason for each one. To get it, choose "{report}".',

  error: 'Sorry, your export process stopped due to an error.',
  errorWas: 'It was {file, select, yes {saving} other {moving}} {whatWords} {where}.',
  noFile: 'No file was made.',
  keptThere: 'What already arrived there stays there.',
  startNew: 'You can start a new export on the export portal.',

  paused: 'Your export is paused, as you asked.',
  pausedWhat:
    'We stopped moving {whatWords} {where} for now. What already arrived there stays there. Nothing more is copied until you resume the export.',
  pausedLead: 'To go on with your export, sign in on the export portal:',
  pausedLast: 'Choose "{resume}". It goes on from where it stopped.',

  forwardingEnded: 'We have stopped copying the new mail of your {brand} mailbox {where}.',
  forwardingEndedKept: 'What we copied stays there. Mail that arrives at your {brand} mailbox from now on is not copied.',

  cancelled: 'Your export was cancelled, as you asked.',
  cancelledFile: 'We stopped saving {whatWords} as a ZIP file to download. No file was made.',
  cancelledAccount: 'We stopped moving {whatWords} {where}. What already arrived there stays there.',

  receiptText: 'What arrived (at the source / at the destination):',
  receiptCaption: 'What arrived',
  receiptWhat: 'What',
  receiptSource: 'At the source',
  receiptDestination: 'At the destination',
  kindLabel: '{kind, select, emailmigration {Email} other {Contacts}} in {containers}',
  containers: `{counted} {kind, select,
    emailmigration {{count, plural, one {folder} other {folders}}}
    other {{count, plural, one {address book} other {address books}}}}`,
  kindItems: `{counted} {kind, select,
    emailmigration {{count, plural, one {message} other {messages}}}
    other {{count, plural, one {contact} other {contacts}}}}`,
  fewerArrived: 'In {containers}, fewer are at the destination than at the source.',
  eachKind: '{kind, select, emailmigration {each folder} other {each address book}}',
  bothKinds: '{first} and {second}',
  seeEach: 'To see {each}, choose "{signIn}" on the export portal.',
});
