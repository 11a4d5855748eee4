/** `/support-form`, and the policy pages' moment before they leave for the provider's page. */
import { section } from '../section.ts';

export const supportWords = section('support', {
  title: 'Contact support',
  lead: "Tell us what went wrong and we'll get back to you by email.",
  thanks: 'Thanks — we received your message.',
  reply: 'Our support team will reply to the address you gave us.',
  yourAddress: 'Your {provider} email address',
  destination: 'Destination email address (optional)',
  destinationHint: 'Where you were moving your email to, if you got that far.',
  exportId: 'Export ID (optional)',
  issue: 'What happened?',
  issueHint: 'More than 5 characters, at most {max}.',
  submit: 'Submit',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  takingYou: 'Taking you to our {page}...',
  notMoving: 'Not moving?',
  open: 'Open the {page}',
});
