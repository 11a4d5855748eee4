/** The run's byte budget: requests served in order as their bytes fit, a large one alone, an aborted wait given up. */
import { describe, expect, it } from 'vitest';
import { createByteBudget } from '../../server/engine/byte-budget.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createByteBudget', () => {
  it('grants what fits, queues the rest in order, and lets one larger than the budget go alone', async () => {
    const budget = createByteBudget(100);
    const signal = new AbortController().signal;
    const granted: string[] = [];
    const ask = (name: string, bytes: number) => budget.acquire(bytes, signal).then((release) => (granted.push(name), release));
    const a = ask('a', 60);
    const b = ask('b', 30);
    const big = ask('big', 500);
    const c = ask('c', 5);
    await tick();
    expect(granted).toEqual(['a', 'b']);
    (await a)();
    await tick();
    // c would fit, but the large request came first: it waits until nothing else is held.
    expect(granted).toEqual(['a', 'b']);
    (await b)();
    await tick();
    expect(granted).toEqual(['a', 'b', 'big']);
    const release = await big;
    release();
    release();
    await tick();
    expect(granted).toEqual(['a', 'b', 'big', 'c']);
    (await c)();
    // Everything was given back once (a second release changes nothing): the whole budget is free.
    expect(await Promise.race([ask('d', 100).then(() => 'granted'), tick().then(() => 'waiting')])).toBe('granted');
  });

  it('gives up a wait whose run is aborted, and serves the next in line', async () => {
    const budget = createByteBudget(10);
    const run = new AbortController();
    const held = await budget.acquire(10, new AbortController().signal);
    const waiting = budget.acquire(10, run.signal);
    const next = budget.acquire(5, new AbortController().signal);
    run.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    held();
    await expect(next).resolves.toBeTypeOf('function');
    await expect(budget.acquire(1, run.signal)).rejects.toThrow('cancelled');
  });
});
