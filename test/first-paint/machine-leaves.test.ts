/**
 * src/first-paint/machine-leaves.ts: the prerender learns from the machine itself which pages leave
 * on their own, for where, and when; every other page keeps its visitor.
 */
import { describe, expect, it } from 'vitest';
import { DELAYS, ROUTES } from '../../machines';
import { brand } from '../../src/config/brand';
import { machineLeaves } from '../../src/first-paint/machine-leaves';
import { PRERENDERED_ROUTES } from '../../src/first-paint/prerender';

describe('where the machine leaves a page by itself', () => {
  it('leaves the policy pages for the brand’s policies after the policy redirect’s delay', () => {
    expect(machineLeaves(ROUTES.privacyPolicy)).toEqual({ url: brand.privacyPolicyUrl, after: DELAYS.policyRedirect });
    expect(machineLeaves(ROUTES.termsOfService)).toEqual({ url: brand.termsOfServiceUrl, after: DELAYS.policyRedirect });
  });

  it('keeps the visitor on every other prerendered page', () => {
    const others = PRERENDERED_ROUTES.filter((route) => route !== ROUTES.privacyPolicy && route !== ROUTES.termsOfService);
    expect(others.length).toBeGreaterThan(10);
    for (const route of others) expect(machineLeaves(route), route).toBeNull();
  });
});
