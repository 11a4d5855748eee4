/**
 * What every TransferStateStore must do, as tests any store can run: the engine's in-memory reference
 * store (test/engine/memory-store.test.ts) and the database store on SQLite and Postgres
 * (test/server/db/transfer-state-store.test.ts). The copy loop relies on each of these: counters that
 * survive a new run, checkpoints replaced per container, item rows in the order they failed, a reset
 * for destinations that are not durable, and commits that never lose an update when they overlap.
 */
import { describe, expect, it } from 'vitest';
import type { Commit, FailedItem, Receipt, TransferStateStore, TransferStatus } from '../../../server/engine/index.ts';

export type StoreUnderTest = { store: TransferStateStore; close(): Promise<void> };

const MAIL = 'emailmigration';
const CONTACTS = 'contactsmigration';

const item = (container: string, uid: number, reason: FailedItem['reason'] = 'refused'): FailedItem => ({
  operation: MAIL,
  container,
  itemId: `<m${uid}@example.net>`,
  uid,
  size: 1000 + uid,
  reason,
  detail: `NO refused ${uid}`,
  // Odd UIDs are named as a person finds them (the item report's subject, sender, date); even ones are rows without.
  ...(uid % 2 === 1
    ? { about: { subject: `Grüße #${uid}`, sender: 'Zoë Müller <zoe@example.net>', date: '2024-02-29T23:59:00.000Z' } }
    : {}),
});

const commit = (container: string, position: number, counts: Partial<Omit<Commit, 'checkpoint'>> = {}): Commit => ({
  checkpoint: { operation: MAIL, container, validity: '1700000000', position },
  done: 0,
  bytesDone: 0,
  failed: counts.failures?.length ?? 0,
  failures: [],
  ...counts,
});

const byContainer = <T extends { container: string }>(list: T[]) => [...list].sort((a, b) => a.container.localeCompare(b.container));

export function describeStateStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  const withStore = (test: (store: TransferStateStore) => Promise<void>) => async () => {
    const subject = await open();
    try {
      await test(subject.store);
    } finally {
      await subject.close();
    }
  };

  describe(`${name}: the TransferStateStore contract`, () => {
    it(
      'knows nothing of a transfer it never saw',
      withStore(async (store) => {
        expect(await store.load('t1', MAIL)).toEqual({ status: null, progress: null, checkpoints: [], failures: [], receipts: [] });
      }),
    );

    it(
      'begins with totals and zero counters, and keeps the counters when a later run begins again',
      withStore(async (store) => {
        await store.begin('t1', MAIL, { total: 10, bytesTotal: 5000 });
        expect(await store.load('t1', MAIL)).toMatchObject({
          status: { state: 'running' },
          progress: { operation: MAIL, total: 10, done: 0, failed: 0, bytesTotal: 5000, bytesDone: 0 },
        });
        await store.commit('t1', commit('INBOX', 4, { done: 3, bytesDone: 300, failures: [item('INBOX', 2)] }));
        await store.end('t1', MAIL, { state: 'sleeping', reason: 'daily-limit', resumeAt: 1_900_000_000_000, detail: 'bandwidth' });
        await store.begin('t1', MAIL, { total: 12, bytesTotal: null });
        expect((await store.load('t1', MAIL)).progress).toEqual({
          operation: MAIL,
          total: 12,
          done: 3,
          failed: 1,
          bytesTotal: null,
          bytesDone: 300,
        });
        expect((await store.load('t1', MAIL)).status).toEqual({ state: 'running' });
      }),
    );

    it(
      'adds each commit to the counters, replaces the checkpoint of its container and appends its items in order',
      withStore(async (store) => {
        await store.begin('t1', MAIL, { total: 20, bytesTotal: 20_000 });
        await store.commit('t1', commit('INBOX', 5, { done: 4, bytesDone: 400, failures: [item('INBOX', 3)] }));
        await store.commit('t1', commit('Sent', 2, { done: 2, bytesDone: 200 }));
        await store.commit(
          't1',
          commit('INBOX', 9, { done: 2, bytesDone: 250, failures: [item('INBOX', 7, 'too-big'), item('INBOX', 8, 'quota')] }),
        );
        // A whole folder gone counts its planned messages with one row.
        await store.commit(
          't1',
          commit('Old', 0, { failed: 6, failures: [{ ...item('Old', 0, 'folder-missing'), itemId: null, uid: null, size: null }] }),
        );
        const record = await store.load('t1', MAIL);
        expect(record.progress).toEqual({ operation: MAIL, total: 20, done: 8, failed: 9, bytesTotal: 20_000, bytesDone: 850 });
        expect(byContainer(record.checkpoints)).toEqual([
          { operation: MAIL, container: 'INBOX', validity: '1700000000', position: 9 },
          { operation: MAIL, container: 'Old', validity: '1700000000', position: 0 },
          { operation: MAIL, container: 'Sent', validity: '1700000000', position: 2 },
        ]);
        expect(record.failures).toEqual([
          item('INBOX', 3),
          item('INBOX', 7, 'too-big'),
          item('INBOX', 8, 'quota'),
          { ...item('Old', 0, 'folder-missing'), itemId: null, uid: null, size: null },
        ]);
      }),
    );

    it(
      'counts a commit that came before any begin against a total of zero',
      withStore(async (store) => {
        await store.commit('t1', commit('INBOX', 3, { done: 3, bytesDone: 30 }));
        expect((await store.load('t1', MAIL)).progress).toEqual({
          operation: MAIL,
          total: 0,
          done: 3,
          failed: 0,
          bytesTotal: null,
          bytesDone: 30,
        });
      }),
    );

    it(
      'keeps a receipt per container, the latest one winning',
      withStore(async (store) => {
        const receipt = (container: string, destinationCount: number): Receipt => ({
          operation: MAIL,
          container,
          destination: `[Gmail]/${container}`,
          sourceCount: 10,
          destinationCount,
          failed: 10 - destinationCount,
        });
        await store.saveReceipt('t1', receipt('Sent', 7));
        await store.saveReceipt('t1', receipt('INBOX', 9));
        await store.saveReceipt('t1', receipt('Sent', 10));
        expect(byContainer((await store.load('t1', MAIL)).receipts)).toEqual([receipt('INBOX', 9), receipt('Sent', 10)]);
      }),
    );

    it(
      'forgets progress, checkpoints, items and receipts on reset, and keeps the status',
      withStore(async (store) => {
        await store.begin('t1', MAIL, { total: 5, bytesTotal: 500 });
        await store.commit('t1', commit('INBOX', 5, { done: 4, bytesDone: 400, failures: [item('INBOX', 5)] }));
        await store.saveReceipt('t1', {
          operation: MAIL,
          container: 'INBOX',
          destination: 'email/INBOX.mbox',
          sourceCount: 5,
          destinationCount: 4,
          failed: 1,
        });
        await store.reset('t1', MAIL);
        expect(await store.load('t1', MAIL)).toEqual({
          status: { state: 'running' },
          progress: null,
          checkpoints: [],
          failures: [],
          receipts: [],
        });
      }),
    );

    it(
      'records every kind of end as it was given',
      withStore(async (store) => {
        const ends: TransferStatus[] = [
          { state: 'completed' },
          { state: 'cancelled' },
          { state: 'failed', reason: 'destination-login-refused', detail: 'AUTHENTICATIONFAILED' },
          { state: 'sleeping', reason: 'throttled', resumeAt: Date.UTC(2030, 0, 1, 12), detail: '[THROTTLED] slow down' },
        ];
        for (const status of ends) {
          await store.end('t1', MAIL, status);
          expect((await store.load('t1', MAIL)).status).toEqual(status);
        }
        // An end alone says nothing about progress.
        expect((await store.load('t1', MAIL)).progress).toBeNull();
      }),
    );

    it(
      'keeps operations and transfers apart',
      withStore(async (store) => {
        await store.begin('t1', MAIL, { total: 3, bytesTotal: null });
        await store.begin('t1', CONTACTS, { total: 40, bytesTotal: null });
        await store.commit('t1', {
          ...commit('contacts', 10, { done: 10 }),
          checkpoint: { operation: CONTACTS, container: 'contacts', validity: 'token-1', position: 10 },
        });
        await store.commit('t2', commit('INBOX', 1, { done: 1 }));
        await store.end('t1', MAIL, { state: 'completed' });
        expect(await store.load('t1', CONTACTS)).toMatchObject({ status: { state: 'running' }, progress: { total: 40, done: 10 } });
        expect(await store.load('t1', MAIL)).toMatchObject({
          status: { state: 'completed' },
          progress: { total: 3, done: 0 },
          checkpoints: [],
        });
        expect((await store.load('t2', MAIL)).progress).toMatchObject({ done: 1 });
      }),
    );

    it(
      'loses no update when commits of several folders overlap',
      withStore(async (store) => {
        await store.begin('t1', MAIL, { total: 40, bytesTotal: 4000 });
        await Promise.all(
          Array.from({ length: 40 }, (_, n) =>
            store.commit(
              't1',
              commit(`F${n % 4}`, n + 1, { done: 1, bytesDone: 100, failures: n % 10 === 0 ? [item(`F${n % 4}`, n)] : [] }),
            ),
          ),
        );
        const record = await store.load('t1', MAIL);
        expect(record.progress).toMatchObject({ done: 40, bytesDone: 4000, failed: 4 });
        expect(record.failures).toHaveLength(4);
        expect(record.checkpoints).toHaveLength(4);
      }),
    );
  });
}
