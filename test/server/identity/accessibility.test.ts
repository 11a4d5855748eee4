// @vitest-environment jsdom
/**
 * The development pages checked with axe-core (labels, headings, landmarks, names, lang).
 * jsdom does no layout, so contrast and focus visibility are checked in a browser, not here.
 */
import axe from 'axe-core';
import { afterAll, describe, expect, it } from 'vitest';
import { harness, post, start } from './helpers.ts';

const h = await harness();
afterAll(() => h.close());

async function violations(markup: string): Promise<string[]> {
  document.documentElement.innerHTML = new DOMParser().parseFromString(markup, 'text/html').documentElement.innerHTML;
  const lang = /<html lang="([^"]+)"/.exec(markup)?.[1];
  if (lang) document.documentElement.setAttribute('lang', lang);
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('development identity pages: accessibility', { timeout: 30_000 }, () => {
  it('the sign-in page has no axe violations', async () => {
    const { html } = await start(h, '/api/oauth/?provider=northwave&logout=true');
    expect(await violations(html)).toEqual([]);
  });

  it('the sign-in page with an address error has no axe violations', async () => {
    const { cookie, state } = await start(h, '/api/oauth/?provider=northwave&logout=true');
    const page = await post(h, { state, flow: 'sign-in', email: 'nope' }, cookie);
    expect(await violations(await page.text())).toEqual([]);
  });

  it('the consent page has no axe violations', async () => {
    const { html } = await start(h, '/api/oauth/?provider=gmail&scopes=emailmigration,contactsmigration&logout=true');
    expect(await violations(html)).toEqual([]);
  });

  it('axe does catch a missing label here (the check can fail)', async () => {
    const { html } = await start(h, '/api/oauth/?provider=gmail&scopes=emailmigration&logout=true');
    const unlabelled = html.replace('<label for="address">Google account address</label>', '');
    expect((await violations(unlabelled)).some((line) => line.startsWith('label'))).toBe(true);
  });
});
