/**
 * The liveness probe's database check: one success vouches for a second, probes at the same moment
 * share one check, and a failure is never reused.
 */
import { describe, expect, it } from 'vitest';
import { freshProbe } from '../../server/ops/fresh-probe.ts';

function checkedBy(outcomes: ('pass' | 'fail')[]) {
  let clock = 0;
  let calls = 0;
  let release: () => void = () => undefined;
  const check = () => {
    const outcome = outcomes[calls] ?? 'pass';
    calls += 1;
    return new Promise<void>((resolve, reject) => {
      release = () => (outcome === 'pass' ? resolve() : reject(new Error('database unavailable')));
    });
  };
  const probe = freshProbe(check, 1000, () => clock);
  return { probe, calls: () => calls, release: () => release(), advance: (ms: number) => (clock += ms) };
}

describe('freshProbe', () => {
  it('checks once for probes at the same moment, then not again within the second', async () => {
    const run = checkedBy(['pass']);
    const probes = [run.probe(), run.probe(), run.probe()];
    run.release();
    await Promise.all(probes);
    expect(run.calls()).toBe(1);
    run.advance(999);
    await run.probe();
    expect(run.calls()).toBe(1);
    run.advance(1);
    const later = run.probe();
    run.release();
    await later;
    expect(run.calls()).toBe(2);
  });

  it('fails every probe waiting on a failed check, and checks again at the next one', async () => {
    const run = checkedBy(['fail', 'pass']);
    const probes = [run.probe(), run.probe()];
    run.release();
    await expect(Promise.all(probes)).rejects.toThrow('database unavailable');
    const next = run.probe();
    run.release();
    await next;
    expect(run.calls()).toBe(2);
  });

  it('answers at once while fresh, and turns a check that throws into a failed probe', async () => {
    let clock = 0;
    let throws = true;
    const probe = freshProbe(
      () => {
        if (throws) throw new Error('no connection');
        return Promise.resolve();
      },
      1000,
      () => clock,
    );
    await expect(probe()).rejects.toThrow('no connection');
    throws = false;
    await probe();
    clock += 500;
    expect(probe()).toBeUndefined();
  });
});
