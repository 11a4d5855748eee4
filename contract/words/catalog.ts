/**
 * What a language's catalog must hold: every section's every key (decision 0033). The English
 * sections are named here by type only, so nothing is bundled by naming them; a key added in English
 * is a type error in every other language until it is translated.
 */
import type { errorWords } from './en/errors.ts';
import type { headingWords } from './en/headings.ts';
import type { tabWords } from './en/tabs.ts';
import type { completeWords } from './en/complete.ts';
import type { optionsWords } from './en/options.ts';
import type { consentWords } from './en/consent.ts';
import type { supportWords } from './en/support.ts';
import type { startWords } from './en/start.ts';
import type { destinationScreenWords } from './en/destination.ts';
import type { destinationWords } from './en/destinations.ts';
import type { shellWords } from './en/shell.ts';
import type { signInWords } from './en/sign-in.ts';
import type { calendarWords } from './en/calendar.ts';
import type { mailChoiceWords } from './en/mail-choice.ts';
import type { optOutWords } from './en/opt-out.ts';
import type { googleTermsWords } from './en/google-terms.ts';
import type { statusWords } from './en/status.ts';
import type { mailWords } from './en/mail.ts';
import type { testSignInWords } from './en/test-sign-in.ts';
import type { itemReportWords } from './en/item-report.ts';

type Sections =
  | typeof shellWords
  | typeof signInWords
  | typeof errorWords
  | typeof headingWords
  | typeof tabWords
  | typeof completeWords
  | typeof optionsWords
  | typeof consentWords
  | typeof supportWords
  | typeof startWords
  | typeof destinationScreenWords
  | typeof destinationWords
  | typeof calendarWords
  | typeof mailChoiceWords
  | typeof optOutWords
  | typeof googleTermsWords
  | typeof statusWords
  | typeof mailWords
  | typeof testSignInWords
  | typeof itemReportWords;

export type Translation = {
  readonly [S in Sections as S['name']]: { readonly [K in keyof S['en']]: string };
};
