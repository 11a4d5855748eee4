/**
 * The headings of the signed-in screens whose prerendered page is a skeleton (src/first-paint/):
 * the screen and its skeleton show the same words, written once here. A lead that names the
 * customer's data (the address on "Your exports") stays in its screen.
 */
import { brand } from '../config/brand';

export type ScreenHeading = { title: string; lead?: string };

export const SCREEN_HEADINGS = {
  optOutInfo: { title: 'Your email account', lead: `The status of your ${brand.providerName} email account.` },
  destinationAccount: { title: 'Save your email data', lead: `Choose where your ${brand.providerName} email and contacts should go.` },
  migrationOptions: { title: 'Choose what to save', lead: 'Pick what you want to take with you.' },
  startMigration: { title: 'Save your email data', lead: 'Check the details below, then start your export.' },
  complete: { title: "We're pulling together your data", lead: "Your export has started. You can close this page — we'll email you when it's done." },
  statusFromEmail: { title: 'Your exports' },
} satisfies Record<string, ScreenHeading>;

export type SketchedScreen = keyof typeof SCREEN_HEADINGS;
