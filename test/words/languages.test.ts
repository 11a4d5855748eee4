/** The language of a first visit: the reader's first language the portal speaks, or English. */
import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage, pickLanguage } from '../../contract/index.ts';

describe('choosing the language of a first visit', () => {
  it('reads Accept-Language by quality, and drops what the reader refuses', () => {
    expect(fromAcceptLanguage('en;q=0.5, es-US, fr;q=0.8, de;q=0')).toEqual(['es-US', 'fr', 'en']);
    expect(fromAcceptLanguage(undefined)).toEqual([]);
  });

  it('takes the first language the portal speaks, any region of it', () => {
    expect(pickLanguage(fromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8'))).toBe('es');
    expect(pickLanguage(['fr-FR', 'en-GB', 'es'])).toBe('en');
    expect(pickLanguage(['fr', 'de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
