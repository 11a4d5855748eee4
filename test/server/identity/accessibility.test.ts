/**
 * The embedded development provider's pages checked with axe-core (labels, headings, landmarks,
 * names, lang), fetched over HTTP as a browser gets them, each in a jsdom window of its own (the
 * service under test runs in Node, not in jsdom). jsdom does no layout, so contrast and focus
 * visibility are checked in a browser (the e2e journeys), not here.
 */
import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GMAIL_BOTH, OUTLOOK_BOTH, SIGN_IN, startIdentity, type IdentityHarness } from './helpers.ts';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

async function violations(markup: string): Promise<string[]> {
  const dom = new JSDOM(markup, { runScripts: 'outside-only' });
  dom.window.eval(axe.source);
  const inWindow = (dom.window as unknown as { axe: typeof axe }).axe;
  const results = await inWindow.run(dom.window.document, { rules: { 'color-contrast': { enabled: false } } });
  dom.window.close();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('development provider pages: accessibility', { timeout: 30_000 }, () => {
  it('the sign-in page, and with an address error, have no axe violations', async () => {
    const page = await h.newBrowser().visit(`${h.base}${SIGN_IN}`);
    expect(await violations(page.html)).toEqual([]);
    const again = await h.browser.submit(await h.browser.visit(`${h.base}${SIGN_IN}`), { email: 'nope' });
    expect(again.status).toBe(400);
    expect(await violations(again.html)).toEqual([]);
  });

  it.each([GMAIL_BOTH, OUTLOOK_BOTH])('the consent page of %s has no axe violations', async (start) => {
    const page = await h.newBrowser().visit(`${h.base}${start}`);
    expect(await violations(page.html)).toEqual([]);
  });

  it('axe does catch a missing label here (the check can fail)', async () => {
    const page = await h.newBrowser().visit(`${h.base}${GMAIL_BOTH}`);
    const unlabelled = page.html.replace('<label for="address">Google account address</label>', '');
    expect((await violations(unlabelled)).some((line) => line.startsWith('label'))).toBe(true);
  });
});
