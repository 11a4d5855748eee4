/**
 * The heading and lead of the signed-in screens that their prerendered skeleton paints too
 * (src/views/screen-headings.ts says why a lead is worded as it is); they load with those screens.
 */
import { section } from '../section.ts';

export const headingWords = section('headings', {
  optOutInfoTitle: 'Your email account',
  optOutInfoLead:
    '{provider} email is closing. Below is where your account stands, what that means for your email and contacts, and what you can still do.',
  destinationAccountTitle: 'Save your email data',
  destinationAccountLead: 'Choose where your {provider} email and contacts should go.',
  migrationOptionsTitle: 'Choose what to save',
  migrationOptionsLead: 'Pick what you want to take with you.',
  startMigrationTitle: 'Save your email data',
  startMigrationLead: 'Check the details below, then start your export.',
  completeTitle: "We're pulling together your data",
  completeLead: "Your export has started. You can close this page — we'll email you when it's done.",
  statusFromEmailTitle: 'Your exports',
  statusFromEmailLead:
    'The exports you started, newest first. We list only the last five. You can find older export IDs in the emails we sent you.',
});
