/**
 * Fernández-Huerta reading ease for Spanish (decision 0033), in its corrected form:
 *   ease = 206.84 − 60 × (syllables ÷ words) − 1.02 × (words ÷ sentences)
 * Its scale reads in school grades: 60–70 is "normal", 7th to 8th grade; 70–80 6th grade; above 80
 * easier still. Syllables are counted by Spanish's regular rules: each group of vowels is one
 * syllable (a diphthong), split where two strong vowels meet (le-o) or an accented weak vowel
 * stands beside another (dí-a).
 */
const STRONG = 'aeoáéó';
const ACCENTED_WEAK = 'íú';

export function syllablesEs(word: string): number {
  const w = word.toLowerCase().replace(/[^a-záéíóúüñ]/g, '');
  // A final y after a vowel closes a diphthong (hoy, muy); elsewhere it is a consonant.
  const groups = w.replace(/([aeiou])y$/, '$1i').match(/[aeiouáéíóúü]+/g) ?? [];
  let count = 0;
  for (const group of groups) {
    count += 1;
    for (let i = 1; i < group.length; i += 1) {
      const a = group[i - 1] ?? '';
      const b = group[i] ?? '';
      if ((STRONG.includes(a) && STRONG.includes(b)) || ACCENTED_WEAK.includes(a) || ACCENTED_WEAK.includes(b)) count += 1;
    }
  }
  return Math.max(count, w.length > 0 ? 1 : 0);
}

export function readingEaseEs(text: string): { ease: number; words: number; sentences: number } {
  const words = text.split(/\s+/).filter((t) => /[a-záéíóúñ]/i.test(t));
  const sentences = Math.max(1, (text.match(/[.!?…]+(?=\s|$)/g) ?? []).length);
  const syllableCount = words.reduce((sum, w) => sum + syllablesEs(w), 0);
  const n = Math.max(words.length, 1);
  return { ease: Math.round((206.84 - 60 * (syllableCount / n) - 1.02 * (n / sentences)) * 10) / 10, words: words.length, sentences };
}
