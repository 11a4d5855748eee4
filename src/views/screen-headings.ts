/**
 * The headings of the signed-in screens whose prerendered page is a skeleton (src/first-paint/):
 * the screen and its skeleton show the same words, written once (contract/words/en/headings.ts). A
 * lead says what every customer sees on that screen, whatever their data: painted from the HTML, it
 * is the page's main content before the customer's own parts arrive, so it is also written to stay
 * the screen's largest text (a few lines across the card) in every state the screen can show. The
 * customer's data (the address on "Your exports", where the account stands) stays in the screen.
 */
import { headingWords } from '../../contract/words/en/headings.ts';
import { say } from '../../contract/words/translate.ts';
import { selectLanguage } from '../../machines/index.ts';
import type { Language } from '../../contract/index.ts';
import { usePortalSelector } from '../portal/portal-context';
import { brand } from '../config/brand';

export type ScreenHeading = { title: string; lead?: string };

const SKETCHED = ['optOutInfo', 'destinationAccount', 'migrationOptions', 'startMigration', 'complete', 'statusFromEmail'] as const;
export type SketchedScreen = (typeof SKETCHED)[number];
export const SKETCHED_SCREENS: readonly SketchedScreen[] = SKETCHED;

/** A sketched screen's heading and lead in a language. */
export const screenHeading = (language: Language, screen: SketchedScreen): ScreenHeading => ({
  title: say(language, headingWords, `${screen}Title`),
  lead: say(language, headingWords, `${screen}Lead`, { provider: brand.providerName }),
});

/** The heading and lead of a sketched screen in the customer's language. */
export function useScreenHeading(screen: SketchedScreen): ScreenHeading {
  return screenHeading(usePortalSelector(selectLanguage), screen);
}
