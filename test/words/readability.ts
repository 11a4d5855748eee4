/**
 * Flesch–Kincaid grade level, written out here so the check needs no package:
 *   grade = 0.39 × (words ÷ sentences) + 11.8 × (syllables ÷ words) − 15.59
 * Syllables are counted by rule (vowel groups, less a silent final e), the usual estimate when no
 * dictionary is at hand: it is off by one on some words, the same way for every text, which is
 * what a grade threshold needs.
 */

/** Words whose syllables the rules below count wrong, and that our texts use. */
const SYLLABLE_EXCEPTIONS: Readonly<Record<string, number>> = {
  business: 2,
  every: 2,
  everything: 3,
  someone: 2,
  something: 2,
  sometimes: 2,
  somewhere: 2,
  anyone: 3,
  everyone: 3,
  people: 2,
  create: 2,
  created: 3,
  area: 3,
  idea: 3,
  being: 2,
  doing: 2,
  going: 2,
  seeing: 2,
  quiet: 2,
  science: 2,
  poem: 2,
  ios: 3,
};

/** Syllables of one word of letters (case ignored). At least one. */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length === 0) return 0;
  const known = SYLLABLE_EXCEPTIONS[w];
  if (known !== undefined) return known;
  if (w.length <= 3) return 1;
  let stem = w;
  // A final -e is silent ("make", "close"), but "-le" after a consonant is a syllable ("able").
  if (/[^aeiouy]e$/.test(stem) && !/[^aeiouy]le$/.test(stem)) stem = stem.slice(0, -1);
  // -es and -ed add a syllable only after a sound that needs one ("boxes", "added"), not in "makes", "moved".
  else if (/[^aeiouy]es$/.test(stem) && !/(?:[sxz]|ch|sh|ge|ce)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (/[^aeiouy]ed$/.test(stem) && !/[td]ed$/.test(stem)) stem = stem.slice(0, -2);
  const groups = stem.match(/[aeiouy]+/g)?.length ?? 0;
  // A vowel pair said as two ("tion" is one, but "ia", "io" in "media", "period" are two).
  const splitPairs = stem.match(/[^tsc]i[ao]|[^aeiouq]ua|eo/g)?.length ?? 0;
  return Math.max(1, groups + splitPairs);
}

/** The syllables of a token as it is read: an address or a host is read part by part. */
function tokenSyllables(token: string): number {
  if (/^\d/.test(token)) return Math.max(1, token.replace(/\D/g, '').length);
  return token
    .split(/[^A-Za-z']+/)
    .filter(Boolean)
    .reduce((sum, part) => sum + syllables(part), 0);
}

export type Readability = { words: number; sentences: number; syllables: number; grade: number };

/** A sentence ends at . ! ? followed by space or the end, or at a line break (a list item, a heading). */
const SENTENCE_END = /[.!?…]+(?=\s|$)|\n+/;

export function readability(text: string): Readability {
  const sentences = text
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z0-9]/.test(s));
  const tokens = sentences.flatMap((s) => s.split(/\s+/).filter((t) => /[A-Za-z0-9]/.test(t)));
  const words = tokens.length;
  const count = tokens.reduce((sum, t) => sum + tokenSyllables(t), 0);
  if (words === 0) return { words: 0, sentences: 0, syllables: 0, grade: 0 };
  const grade = 0.39 * (words / sentences.length) + 11.8 * (count / words) - 15.59;
  return { words, sentences: sentences.length, syllables: count, grade: Math.round(grade * 10) / 10 };
}
