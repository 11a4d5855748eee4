/**
 * §9's hidden forwarding option through the machine (decision 0032): offered only when the service's
 * capabilities list it, for a mailbox; the consent is asked for what moves now, never for forwarding;
 * the load carries `emailforwarding` beside email; and the owner's stop on the status page, confirmed
 * first, then the quiet refresh that says it ended.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { CapabilitiesResponse, LoadRequest, StatusResponse } from '../../contract/index.ts';
import { MESSAGES, selectOperations, selectJobStatus } from '../../machines/index.ts';
import { EXPORT_ID, fakeMachine, SOURCE, visit, type EffectCall } from './support.ts';
import { english } from '../support/status-words.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const flush = () => vi.advanceTimersByTimeAsync(0);
const offering = (forwarding: boolean) => async (): Promise<CapabilitiesResponse> => ({
  allowed_operations: ['emailmigration', 'contactsmigration', ...(forwarding ? (['emailforwarding'] as const) : [])],
  auth: 'oauth',
  provider: 'outlook',
});

/** Signed in, a destination chosen, on the options page. */
async function toOptions(provider: 'outlook' | 'file', forwardingListed: boolean) {
  const effects: EffectCall[] = [];
  const startExport = vi.fn(async (_: LoadRequest) => ({ jobid: EXPORT_ID }));
  const actor = createActor(fakeMachine(effects, { fetchCapabilities: offering(forwardingListed), startExport }), { input: {} }).start();
  actor.send(visit('/oauth-callback', SOURCE));
  await flush();
  actor.send({ type: 'DESTINATION.SELECTED', provider });
  actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
  await flush();
  expect(actor.getSnapshot().matches('migrationOptions')).toBe(true);
  return { actor, effects, startExport };
}

describe('the forwarding option', () => {
  it('is offered for a mailbox when the service lists it; the consent never asks for it and the load carries it', async () => {
    const { actor, effects, startExport } = await toOptions('outlook', true);
    expect(selectOperations(actor.getSnapshot()).forwardingShown).toBe(false);
    actor.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
    expect(selectOperations(actor.getSnapshot()).forwardingShown).toBe(true);
    actor.send({ type: 'FORWARDING.TOGGLED', chosen: true });
    expect(selectOperations(actor.getSnapshot()).forwardingChosen).toBe(true);
    actor.send({ type: 'WIZARD.NEXT_REQUESTED' });
    expect(effects.at(-1)).toEqual({
      name: 'leaveForDestinationConsent',
      params: { provider: 'outlook', operations: ['emailmigration'], language: 'en' },
    });

    actor.send(visit('/oauth-callback', { token_id: 'dst-token', email: 'pat@outlook.com' }));
    await flush();
    expect(actor.getSnapshot().matches('startMigration')).toBe(true);
    actor.send({ type: 'EXPORT.START_REQUESTED' });
    await flush();
    expect(startExport).toHaveBeenCalledTimes(1);
    expect(startExport.mock.calls[0]?.[0].operations).toEqual(['emailmigration', 'emailforwarding']);
  });

  it('goes with email only: unticked, or contacts alone, the load is the load of before', async () => {
    const { actor } = await toOptions('outlook', true);
    actor.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
    actor.send({ type: 'FORWARDING.TOGGLED', chosen: true });
    actor.send({ type: 'OPERATIONS.SELECTED', choice: 'contacts' });
    expect(selectOperations(actor.getSnapshot()).forwardingShown).toBe(false);
    expect(actor.getSnapshot().can({ type: 'FORWARDING.TOGGLED', chosen: false })).toBe(false);
    actor.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
    // The tick was kept while contacts alone were chosen.
    expect(selectOperations(actor.getSnapshot()).forwardingChosen).toBe(true);
    actor.send({ type: 'FORWARDING.TOGGLED', chosen: false });
    expect(selectOperations(actor.getSnapshot()).forwardingChosen).toBe(false);
  });

  it('does not exist when the service does not list it (its flag off), nor for a file', async () => {
    for (const [provider, listed] of [
      ['outlook', false],
      ['file', true],
    ] as const) {
      const { actor } = await toOptions(provider, listed);
      actor.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
      expect(selectOperations(actor.getSnapshot()).forwardingShown).toBe(false);
      expect(actor.getSnapshot().can({ type: 'FORWARDING.TOGGLED', chosen: true })).toBe(false);
    }
  });
});

describe('stopping forwarding on the status page', () => {
  const completed = (forwarding: { until: string; next_pass_at: string } | null): StatusResponse => ({
    emailmigration: { status: 'completed', progress: { total: 300, done: 300, failed: 0 } },
    copy_new_mail: { offered: true, forwarding, passes: [] },
  });
  const GOING_ON = { until: '2026-12-28T00:00:00Z', next_pass_at: '2026-11-29T09:00:00Z' };

  async function watch(stopForwarding: () => Promise<{ ok: boolean }>) {
    const answers = [completed(GOING_ON), completed(null)];
    let calls = 0;
    const fetchJobStatus = async () => answers[Math.min(calls++, answers.length - 1)] ?? null;
    const stop = vi.fn(stopForwarding);
    const actor = createActor(fakeMachine([], { fetchJobStatus, stopForwarding: stop }), { input: {} }).start();
    actor.send(visit('/status', { migration_id: EXPORT_ID }));
    await flush();
    return { actor, stop };
  }

  it('asks first; confirmed, it stops once (a double click is one call) and the page says it ended', async () => {
    const { actor, stop } = await watch(async () => ({ ok: true }));
    const view = () => selectJobStatus(actor.getSnapshot()).copyNewMail.forwarding;
    expect(view()).toMatchObject({ canStop: true, confirming: false });
    expect(english(view()?.text ?? null)).toMatch(
      /^We copy new mail from your old mailbox once a day until Dec 2[78], 2026\. The next copy is on Nov 2[89], 2026/,
    );
    actor.send({ type: 'FORWARDING.STOP_REQUESTED' });
    expect(view()).toMatchObject({ confirming: true, canStop: false });
    actor.send({ type: 'FORWARDING.STOP_DISMISSED' });
    expect(stop).not.toHaveBeenCalled();
    actor.send({ type: 'FORWARDING.STOP_REQUESTED' });
    actor.send({ type: 'FORWARDING.STOP_CONFIRMED' });
    actor.send({ type: 'FORWARDING.STOP_CONFIRMED' });
    expect(view()).toMatchObject({ stopping: true });
    await flush();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(stop).toHaveBeenCalledWith({ exportId: EXPORT_ID });
    expect(english(view()?.text ?? null)).toBe(
      'We no longer copy new mail for this export. Mail that arrives now stays in your old mailbox.',
    );
    expect(view()).toEqual({
      text: expect.anything(),
      canStop: false,
      confirming: false,
      stopping: false,
    });
  });

  it('says so when the call fails, and offers the stop again', async () => {
    const { actor } = await watch(() => Promise.reject(new Error('network')));
    actor.send({ type: 'FORWARDING.STOP_REQUESTED' });
    actor.send({ type: 'FORWARDING.STOP_CONFIRMED' });
    await flush();
    expect(selectJobStatus(actor.getSnapshot()).actionError).toBe(MESSAGES.stopForwardingFailed);
    expect(selectJobStatus(actor.getSnapshot()).copyNewMail.forwarding?.canStop).toBe(true);
  });
});
