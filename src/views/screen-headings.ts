/**
 * The headings of the signed-in screens whose prerendered page is a skeleton (src/first-paint/):
 * the screen and its skeleton show the same words, written once here. A lead says what every
 * customer sees on that screen, whatever their data: painted from the HTML, it is the page's main
 * content before the customer's own parts arrive, so it is also written to stay the screen's
 * largest text (a few lines across the card) in every state the screen can show. The customer's
 * data (the address on "Your exports", where the account stands) stays in the screen.
 */
import { brand } from '../config/brand';

export type ScreenHeading = { title: string; lead?: string };

export const SCREEN_HEADINGS = {
  optOutInfo: {
    title: 'Your email account',
    // The same for every customer (it is painted before the account is known), so true of every state:
    // an open account, a closure scheduled, an account already closed or its mail moved elsewhere.
    lead: `${brand.providerName} email is closing. Below is where your account stands, what that means for your email and contacts, and what you can still do.`,
  },
  destinationAccount: { title: 'Save your email data', lead: `Choose where your ${brand.providerName} email and contacts should go.` },
  migrationOptions: { title: 'Choose what to save', lead: 'Pick what you want to take with you.' },
  startMigration: { title: 'Save your email data', lead: 'Check the details below, then start your export.' },
  complete: {
    title: "We're pulling together your data",
    lead: "Your export has started. You can close this page — we'll email you when it's done.",
  },
  statusFromEmail: {
    title: 'Your exports',
    lead: 'The exports you started, newest first. We list only the last five. You can find older export IDs in the emails we sent you.',
  },
} satisfies Record<string, ScreenHeading>;

export type SketchedScreen = keyof typeof SCREEN_HEADINGS;
