/**
 * The languages the portal speaks (decision 0033). English is the spec's and the default; every
 * other language is one catalog file beside this one (es.ts), loaded only when it is chosen.
 * To add a language: its catalog file, and its row here (docs/languages.md).
 */
import type { Translation } from './catalog.ts';

/**
 * Each language: its name in itself (a person looks for their own language's name) and, but for
 * English (whose words are in the sections, contract/words/en/), its catalog, a chunk of its own.
 */
export const LANGUAGE_TABLE = {
  en: { name: 'English', catalog: null },
  es: { name: 'Español', catalog: () => import('./es.ts') },
} as const satisfies Record<string, { name: string; catalog: (() => Promise<{ default: Translation }>) | null }>;

export type Language = keyof typeof LANGUAGE_TABLE;
export const LANGUAGES = Object.keys(LANGUAGE_TABLE) as Language[];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The cookie that carries the visit's language to the next page load (a session cookie the page sets,
 * src/words/page-language.tsx): the server prerenders each page per language and serves the one it
 * names before the one Accept-Language picks, so a reload after the switch paints in the chosen language.
 */
export const LANGUAGE_COOKIE = 'portal_language';
const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The language a Cookie header names, if it names one the portal speaks. */
export function languageOfCookie(cookieHeader: string | null | undefined): Language | null {
  const value = cookieHeader?.match(COOKIE_VALUE)?.[1]?.trim();
  return isLanguage(value) ? value : null;
}

/**
 * The first of a reader's languages that the portal speaks ("es-MX" is Spanish), in their order of
 * preference, or English: `navigator.languages`, or an Accept-Language header read by `fromAcceptLanguage`.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** "es-US,es;q=0.9,en;q=0.8" → the language tags by quality, highest first (q=0 means "not this one"). */
export function fromAcceptLanguage(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((entry) => entry.tag);
}
