/**
 * Signing in as a person would, through the real redirects: the portal's Sign in button, the
 * embedded development provider's sign-in page (its own origin), then the scenario account's button
 * (or the field for any other address), and back to the portal.
 */
import type { Page } from 'playwright-core';
import type { Journey } from '../harness/journey.ts';
import { expectHeading } from './routes.ts';

export const SIGN_IN_PAGE_HEADING = 'Northwave sign-in (development)';

/** On the development sign-in page (its heading in the visit's language): pick a scenario account by its address, or type another one. */
export async function chooseAccount(page: Page, email: string, scenario: boolean, heading = SIGN_IN_PAGE_HEADING): Promise<void> {
  await expectHeading(page, heading);
  if (scenario) {
    await page.getByRole('button', { name: email, exact: true }).click();
  } else {
    await page.getByLabel('Email address (treated as an active account)').fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}

/**
 * From the portal's home page through the sign-in page back into the portal. `check` runs the
 * screen checks on the sign-in page itself (it is a page a person sees too).
 */
export async function signIn(journey: Journey, email: string, options: { scenario?: boolean; checkPages?: boolean } = {}): Promise<void> {
  const { page } = journey;
  await page.goto('/');
  await expectHeading(page, 'Save your email and contacts');
  if (options.checkPages) await journey.check('sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectHeading(page, SIGN_IN_PAGE_HEADING);
  if (options.checkPages) await journey.check('dev-sign-in-page');
  await chooseAccount(page, email, options.scenario ?? true);
}
