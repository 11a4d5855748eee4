/**
 * Plain words (issue 36): every text we wrote for people reads at school grade 8 or below by
 * Flesch–Kincaid. The texts are collected from the source with the TypeScript parser (see
 * collect-texts.ts for what counts and why); the specification's own texts keep their words and
 * are listed in spec-texts.ts. The first tests show the checker itself can fail.
 */
import { describe, expect, it } from 'vitest';
import { collectFromSource, collectTexts } from './collect-texts.ts';
import { readability, syllables } from './readability.ts';
import { isSpecText } from './spec-texts.ts';

const MAX_GRADE = 8;
/** Every folder with words people read: views and shell, the machine's texts, contract words, mails, the dev sign-in pages. */
const FOLDERS = ['src', 'machines', 'contract', 'server/notify', 'server/development/identity-provider'];

/** Another language's catalog (contract/words/es.ts…) has its own check (readability-es.test.ts). */
const OTHER_LANGUAGE = /^contract\/words\/[a-z]{2}\.ts$/;

const tooHard = (texts: ReturnType<typeof collectTexts>) =>
  texts
    .filter((t) => !isSpecText(t.text) && !OTHER_LANGUAGE.test(t.file))
    .map((t) => ({ where: `${t.file}:${t.line}`, grade: readability(t.text).grade, text: t.text }))
    .filter((t) => t.grade > MAX_GRADE);

describe('the readability checker', () => {
  it('counts syllables of common words', () => {
    const counted = Object.fromEntries(
      ['email', 'export', 'mailbox', 'closure', 'password', 'available', 'moved', 'boxes', 'added', 'the'].map((w) => [w, syllables(w)]),
    );
    expect(counted).toEqual({
      email: 2,
      export: 2,
      mailbox: 2,
      closure: 2,
      password: 2,
      available: 4,
      moved: 1,
      boxes: 2,
      added: 2,
      the: 1,
    });
  });

  it('grades a plain sentence low and a hard one high', () => {
    expect(readability('Your email is safe. We will send you a mail when it is done.').grade).toBeLessThan(4);
    const hard = readability(
      'Authentication necessitates the provisioning of application-specific credentials, configurable exclusively within the administrative security preferences of the destination account.',
    );
    expect(hard.grade).toBeGreaterThan(16);
    expect(hard.sentences).toBe(1);
  });

  it('flags a hard text in a view, and lets the same text pass only when it is the spec’s', () => {
    const source = `
      export const View = () => <p>Authentication necessitates application-specific credentials, configurable within your <strong>{provider}</strong> security preferences.</p>;
      export const message = 'Please, select all the requested permissions while authenticating.';
      const styles = css\`font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;\`;
      log.info('the transfer of an item was acknowledged by the destination server');
    `;
    const texts = collectFromSource('fixture.tsx', source);
    expect(texts.map((t) => t.text)).toEqual([
      'Authentication necessitates application-specific credentials, configurable within your name security preferences.',
      'Please, select all the requested permissions while authenticating.',
    ]);
    expect(tooHard(texts).map((t) => t.text)).toEqual([texts[0]?.text]);
  });
});

describe('plain words in every text we wrote', () => {
  const texts = collectTexts(process.cwd(), FOLDERS);

  it('finds the texts (the collector still sees the views, the machine and the mails)', () => {
    const files = new Set(texts.map((t) => t.file.split('/')[0]));
    expect([...files].sort()).toEqual(['contract', 'machines', 'server', 'src']);
    expect(texts.length).toBeGreaterThan(150);
  });

  it(`reads at grade ${MAX_GRADE} or below, the spec's own texts aside`, () => {
    expect(tooHard(texts)).toEqual([]);
  });
});
