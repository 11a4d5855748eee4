/**
 * "Choose what to move" on the options page, through the machine with the fake API: closed by default
 * (the load of before), opened it lists the folders once, takes a range and unticked folders, stops
 * Next on a choice that cannot be sent, falls back to every folder when the list fails, survives a
 * stored snapshot, and the status page says what was left out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { LoadRequest, SourceFoldersResponse } from '../../contract/index.ts';
import {
  restoreSnapshot,
  selectMailChoice,
  SNAPSHOT_VERSION,
  toStoredSnapshot,
  type PortalSnapshot,
  selectJobStatus,
} from '../../machines/index.ts';
import { SOURCE_FOLDERS } from '../support/portal-fakes.ts';
import { EXPORT_ID, fakeMachine, SOURCE, visit } from './support.ts';
import { english } from '../support/status-words.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const flush = () => vi.advanceTimersByTimeAsync(0);
const next = { type: 'WIZARD.NEXT_REQUESTED' } as const;

/** Signed in, a file export of email chosen in MBOX: the options page, ready for Next. */
async function onOptions(api: Parameters<typeof fakeMachine>[1] = {}) {
  const startExport = vi.fn(async (_: LoadRequest) => ({ jobid: EXPORT_ID }));
  const actor = createActor(fakeMachine([], { startExport, ...api }), { input: {} }).start();
  actor.send(visit('/oauth-callback', SOURCE));
  await flush();
  actor.send({ type: 'DESTINATION.SELECTED', provider: 'file' });
  actor.send(next);
  await flush();
  actor.send({ type: 'OPERATIONS.SELECTED', choice: 'email' });
  actor.send({ type: 'EXPORT_FORMAT.SELECTED', kind: 'email', format: 'MBOX' });
  return { actor, startExport };
}

async function start(actor: ReturnType<typeof createActor<ReturnType<typeof fakeMachine>>>) {
  actor.send(next);
  actor.send({ type: 'EXPORT.START_REQUESTED' });
  await flush();
}

const view = (snapshot: PortalSnapshot) => selectMailChoice(snapshot);

describe('choose what to move', () => {
  it('is closed by default, asks for no folders, and the load moves everything as before', async () => {
    const fetchSourceFolders = vi.fn(async () => SOURCE_FOLDERS);
    const { actor, startExport } = await onOptions({ fetchSourceFolders });
    expect(view(actor.getSnapshot())).toMatchObject({ offered: true, open: false, range: 'everything', summary: null });
    await start(actor);
    expect(fetchSourceFolders).not.toHaveBeenCalled();
    expect(startExport).toHaveBeenCalledTimes(1);
    expect(startExport.mock.calls[0]?.[0]).not.toHaveProperty('mail_choice');
  });

  it('lists the folders once, by their use or name; a range and unticked folders go into the load', async () => {
    const fetchSourceFolders = vi.fn(async () => SOURCE_FOLDERS);
    const { actor, startExport } = await onOptions({ fetchSourceFolders });
    actor.send({ type: 'MAIL_CHOICE.TOGGLED' });
    expect(view(actor.getSnapshot()).loading).toBe(true);
    await flush();
    const shown = view(actor.getSnapshot());
    expect(shown.folders.map((folder) => [folder.special ?? folder.name, folder.messages, folder.bytes, folder.ticked])).toEqual([
      ['inbox', 1240, 35_000_000, true],
      ['sent', 310, 9_000_000, true],
      ['junk', 42, 600_000, true],
      ['Projects/2019', 12, 80_000, true],
    ]);
    actor.send({ type: 'MAIL_RANGE.SELECTED', range: 'last-month' });
    actor.send({ type: 'MAIL_FOLDER.TOGGLED', path: 'Spam' });
    actor.send({ type: 'MAIL_FOLDER.TOGGLED', path: 'Projects.2019' });
    actor.send({ type: 'MAIL_FOLDER.TOGGLED', path: 'Sent' });
    actor.send({ type: 'MAIL_FOLDER.TOGGLED', path: 'Sent' });
    // Closed, it says in short what will move; opened again, the list is not asked for twice.
    actor.send({ type: 'MAIL_CHOICE.TOGGLED' });
    expect(view(actor.getSnapshot()).summary).toEqual({ range: 'last-month', fromDay: null, leftOut: 2 });
    actor.send({ type: 'MAIL_CHOICE.TOGGLED' });
    await flush();
    expect(fetchSourceFolders).toHaveBeenCalledTimes(1);
    // A folder the list does not name cannot be left out.
    expect(actor.getSnapshot().can({ type: 'MAIL_FOLDER.TOGGLED', path: 'Elsewhere' })).toBe(false);
    expect(view(actor.getSnapshot()).folders.map((folder) => folder.ticked)).toEqual([true, true, false, false]);
    await start(actor);
    expect(startExport.mock.calls[0]?.[0].mail_choice).toEqual({ range: 'last-month', excluded_folders: ['Spam', 'Projects.2019'] });
  });

  it('holds Next until "from a date" has its day and at least one folder is ticked', async () => {
    const { actor, startExport } = await onOptions();
    actor.send({ type: 'MAIL_CHOICE.TOGGLED' });
    await flush();
    actor.send({ type: 'MAIL_RANGE.SELECTED', range: 'from-date' });
    expect(actor.getSnapshot().can(next)).toBe(false);
    expect(view(actor.getSnapshot()).problem).toBe('fromDateMissing');
    actor.send({ type: 'MAIL_FROM_DATE.CHANGED', value: '2025-02-30' });
    expect(actor.getSnapshot().can(next)).toBe(false);
    actor.send({ type: 'MAIL_FROM_DATE.CHANGED', value: '2025-09-15' });
    expect(actor.getSnapshot().can(next)).toBe(true);
    for (const folder of SOURCE_FOLDERS.folders) actor.send({ type: 'MAIL_FOLDER.TOGGLED', path: folder.path });
    expect(actor.getSnapshot().can(next)).toBe(false);
    expect(view(actor.getSnapshot()).problem).toBe('noFolder');
    actor.send({ type: 'MAIL_FOLDER.TOGGLED', path: 'INBOX' });
    await start(actor);
    expect(startExport.mock.calls[0]?.[0].mail_choice).toEqual({
      range: 'from-date',
      from_date: '2025-09-15',
      excluded_folders: ['Sent', 'Spam', 'Projects.2019'],
    });
  });

  it('says so when the folders cannot be listed, moves every folder, and can ask again', async () => {
    let fail = true;
    const fetchSourceFolders = vi.fn(async (): Promise<SourceFoldersResponse> => {
      if (fail) throw new Error('503');
      return SOURCE_FOLDERS;
    });
    const { actor, startExport } = await onOptions({ fetchSourceFolders });
    actor.send({ type: 'MAIL_CHOICE.TOGGLED' });
    await flush();
    expect(view(actor.getSnapshot())).toMatchObject({ foldersError: 'foldersUnavailable', folders: [], canRetry: true });
    // The range still applies.
    actor.send({ type: 'MAIL_RANGE.SELECTED', range: 'last-3-months' });
    fail = false;
    actor.send({ type: 'SOURCE_FOLDERS.RETRY_REQUESTED' });
    await flush();
    expect(view(actor.getSnapshot()).folders).toHaveLength(4);
    expect(view(actor.getSnapshot()).foldersError).toBeNull();
    await start(actor);
    expect(startExport.mock.calls[0]?.[0].mail_choice).toEqual({ range: 'last-3-months' });
  });

  it('keeps the choice in a stored snapshot; storage without a valid choice restores nothing', async () => {
    const { actor } = await onOptions();
    actor.send({ type: 'MAIL_CHOICE.TOGGLED' });
    await flush();
    actor.send({ type: 'MAIL_FOLDER.TOGGLED', path: 'Spam' });
    const stored = toStoredSnapshot(actor);
    const restored = createActor(fakeMachine([]), { input: {}, snapshot: restoreSnapshot(stored) }).start();
    expect(restored.getSnapshot().context.mailChoice.excludedFolders).toEqual(['Spam']);
    expect(view(restored.getSnapshot()).folders.find((folder) => folder.path === 'Spam')?.ticked).toBe(false);

    const parsed = JSON.parse(stored) as { version: number; snapshot: { context: Record<string, unknown> } };
    expect(parsed.version).toBe(SNAPSHOT_VERSION);
    const { mailChoice: _gone, ...withoutChoice } = parsed.snapshot.context;
    expect(restoreSnapshot(JSON.stringify({ ...parsed, snapshot: { ...parsed.snapshot, context: withoutChoice } }))).toBeUndefined();
    const broken = { ...parsed.snapshot.context, mailChoice: { ...(parsed.snapshot.context.mailChoice as object), range: 'forever' } };
    expect(restoreSnapshot(JSON.stringify({ ...parsed, snapshot: { ...parsed.snapshot, context: broken } }))).toBeUndefined();
  });
});

describe('the status page says what was left out on purpose', () => {
  it.each([
    [{ folders: 2, before: '2026-03-01' }, 'You chose not to move 2 folders and mail before Mar 1, 2026.'],
    [{ folders: 1, before: null }, 'You chose not to move 1 folder.'],
    [{ folders: 0, before: '2025-11-30' }, 'You chose not to move mail before Nov 30, 2025.'],
  ])('%j', async (leftOut, text) => {
    const fetchJobStatus = async () => ({ emailmigration: { status: 'completed' }, left_out: leftOut });
    const actor = createActor(fakeMachine([], { fetchJobStatus }), { input: {} }).start();
    actor.send(visit('/status', { migration_id: EXPORT_ID }));
    await flush();
    expect(english(selectJobStatus(actor.getSnapshot()).leftOut)).toBe(text);
  });
});
