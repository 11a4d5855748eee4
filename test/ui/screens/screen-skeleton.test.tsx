/**
 * The skeleton a signed-in screen's prerendered page paints: the screen's own heading and lead
 * (the words every customer sees there, the page's main content until the script has run), and
 * grey blocks that say nothing about the customer, marked busy for assistive technology.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { portalMachine } from '../../../machines/index.ts';
import { PortalProvider } from '../../../src/portal/portal-context';
import { ScreenSkeleton } from '../../../src/shell/screen-skeleton';
import { screenHeading, SKETCHED_SCREENS } from '../../../src/views/screen-headings';

const SKETCHED = [...SKETCHED_SCREENS];

describe('screen skeleton', () => {
  it.each(SKETCHED)('paints the heading and the lead of %s, and no data', (name) => {
    const { title, lead } = screenHeading('en', name);
    const { container } = render(
      <PortalProvider actor={createActor(portalMachine(), { input: {} })}>
        <ScreenSkeleton screen={name} />
      </PortalProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    // Every skeleton has a lead: on a phone it is the largest text the first paint shows.
    expect(lead).toBeTruthy();
    expect(container.querySelector('header p')).toHaveTextContent(lead ?? '');
    expect(container.querySelector('section')).toHaveAttribute('aria-busy', 'true');
    expect(container.textContent).toBe(`${title}${lead}Loading…`);
  });

  it('explains the account closure screen and the exports list in words that hold for every customer', () => {
    expect(screenHeading('en', 'optOutInfo').lead).toMatch(/is closing\. Below is where your account stands/);
    expect(screenHeading('en', 'statusFromEmail').lead).toMatch(
      /We list only the last five\. You can find older export IDs in the emails we sent you\.$/,
    );
  });
});
