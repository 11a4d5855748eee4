/** The transfer metrics: what the engine's commits moved, and how its operations ended, by reason. */
import { describe, expect, it } from 'vitest';
import { createMemoryStateStore } from '../../server/engine/memory-store.ts';
import { createMetrics } from '../../server/ops/metrics.ts';
import { instrumentStateStore } from '../../server/ops/transfer-metrics.ts';

describe('transfer metrics', () => {
  it('counts items, bytes and failed items once stored, operations ended by outcome and reason, and the gauges it tracks', async () => {
    const metrics = createMetrics();
    const store = instrumentStateStore(createMemoryStateStore(), metrics);
    await store.begin('T', 'emailmigration', { total: 5, bytesTotal: 5000 });
    await store.commit('T', {
      checkpoint: { operation: 'emailmigration', container: 'INBOX', validity: '1', position: 3 },
      done: 3,
      bytesDone: 3000,
      failed: 0,
      failures: [],
    });
    await store.commit('T', {
      checkpoint: { operation: 'emailmigration', container: 'INBOX', validity: '1', position: 5 },
      done: 1,
      bytesDone: 1200,
      failed: 1,
      failures: [],
    });
    await store.end('T', 'emailmigration', { state: 'failed', reason: 'destination-login-refused', detail: 'wrong password' });
    await store.end('U', 'emailmigration', { state: 'completed' });
    await store.end('V', 'emailmigration', { state: 'sleeping', reason: 'daily-limit', resumeAt: 0, detail: '' });
    metrics.track({ queueDepth: async () => 7, running: () => 2 });
    const text = await metrics.registry.metrics();
    expect(text).toContain('portal_transfer_items_total 4');
    expect(text).toContain('portal_transfer_bytes_total 4200');
    expect(text).toContain('portal_transfer_item_failures_total 1');
    expect(text).toContain('portal_transfer_operations_ended_total{outcome="failed",reason="destination-login-refused"} 1');
    expect(text).toContain('portal_transfer_operations_ended_total{outcome="completed",reason=""} 1');
    expect(text).not.toContain('outcome="sleeping"');
    expect(text).toContain('portal_transfer_queue_depth 7');
    expect(text).toContain('portal_transfers_active 2');
  });
});
