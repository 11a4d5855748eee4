/**
 * A screen whose chunk does not arrive (a dropped connection, a release that removed the old files)
 * says so in the screen's place, with a link that reloads the page; the header, sidebar and the
 * other screens keep working. The support form's module stands for any lazy screen: its import
 * fails here as a failed chunk request does in the browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { eventually, renderApp, visit } from '../render-app';

vi.mock('../../../src/views/support-form/support-form-screen', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/support-form-screen.js');
});

beforeEach(() => {
  vi.useFakeTimers();
  // React reports a render error to the console; the failure is the point of these tests.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a screen whose chunk fails to load', () => {
  it('says the page did not finish loading, in the screen’s place, with a link that reloads it', async () => {
    renderApp({ url: '/support-form' });
    const main = screen.getByRole('main');
    const alert = await eventually(() => within(main).getByRole('alert'));
    expect(alert).toHaveTextContent('This page did not finish loading.');
    expect(alert).toHaveTextContent('Check your internet connection, then reload the page.');
    // An empty href is the page itself: the link reloads it, with or without a script. (Testing
    // Library's role query skips an empty href; browsers call it a link: the e2e suite asks by role.)
    expect(within(alert).getByText('Reload the page').closest('a')).toHaveAttribute('href', '');
    // The rest of the page is still there.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await eventually(() => screen.getByRole('contentinfo'));
  });

  it('leaves the other screens working: the next screen loads in its place', async () => {
    renderApp({ url: '/support-form' });
    await eventually(() => within(screen.getByRole('main')).getByRole('alert'));
    await visit('/');
    await eventually(() => screen.getByRole('heading', { level: 1, name: 'Save your email and contacts' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
