/**
 * The snapshot in sessionStorage (§3 "persisted in session storage"): written on every change,
 * read on load. Passwords never leave memory; anything corrupt or from another version is a fresh start.
 */
import * as v from 'valibot';
import type { Snapshot, StateValue } from 'xstate';
import { DateRangeSchema, LANGUAGES, SourceFoldersResponseSchema } from '../contract/index.ts';
import { portalMachine, type ExportPortalMachine } from './machine.ts';
import type { PortalContext } from './types.ts';

export const STORAGE_KEY = 'exportPortal.snapshot';
/** Bump when the context or the state names change: older snapshots are then ignored. */
export const SNAPSHOT_VERSION = 5;

/** Context without any password, so the stored copy is safe to keep in sessionStorage. */
export const withoutPasswords = (context: PortalContext): PortalContext => {
  const { password: _src, ...srcAccount } = context.srcAccount ?? { email: '', provider: '' };
  const { password: _dst, ...dstAccount } = context.dstAccount ?? { provider: 'file' as const };
  return {
    ...context,
    srcAccount: context.srcAccount ? srcAccount : null,
    dstAccount: context.dstAccount ? dstAccount : null,
    other: { ...context.other, password: '' },
  };
};

interface PersistableActor {
  getPersistedSnapshot(): Snapshot<unknown>;
}

/** JSON for sessionStorage: the persisted snapshot, passwords removed, with a version stamp. */
export const toStoredSnapshot = (actor: PersistableActor): string => {
  const persisted = actor.getPersistedSnapshot() as Snapshot<unknown> & { context?: PortalContext };
  const snapshot = persisted.context ? { ...persisted, context: withoutPasswords(persisted.context) } : persisted;
  return JSON.stringify({ version: SNAPSHOT_VERSION, snapshot });
};

const StoredSchema = v.object({
  version: v.literal(SNAPSHOT_VERSION),
  snapshot: v.looseObject({
    status: v.literal('active'),
    value: v.union([v.string(), v.record(v.string(), v.unknown())]),
    context: v.looseObject({
      flags: v.object({ optOut: v.boolean(), fileExport: v.boolean(), storageUnits: v.boolean() }),
      inQa: v.boolean(),
      language: v.picklist(LANGUAGES),
      optOutState: v.string(),
      operations: v.array(v.string()),
      other: v.looseObject({ errors: v.looseObject({}) }),
      statusLookup: v.looseObject({}),
      support: v.looseObject({}),
      jobs: v.array(v.unknown()),
      // A choice of another shape (or none) would send a load nobody chose: such storage restores nothing.
      forwarding: v.object({ offered: v.boolean(), chosen: v.boolean() }),
      mailChoice: v.object({
        range: DateRangeSchema,
        fromDate: v.string(),
        excludedFolders: v.array(v.string()),
        folders: v.nullable(SourceFoldersResponseSchema),
        foldersError: v.nullable(v.literal('foldersUnavailable')),
      }),
    }),
  }),
});

/**
 * The snapshot to seed `createActor(machine, { snapshot })`, or undefined for a fresh start: no
 * value, bad JSON, another version, an unknown state, or a context of the wrong shape. Checked
 * against the machine it will seed (the browser's own, built with its effects), or the bare one.
 */
export const restoreSnapshot = (raw: string | null | undefined, machine?: ExportPortalMachine): Snapshot<unknown> | undefined => {
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const result = v.safeParse(StoredSchema, parsed);
  if (!result.success) return undefined;
  const stored = result.output.snapshot;
  try {
    // Throws for a state value this machine does not have (a snapshot from an older build).
    const resolved = (machine ?? portalMachine()).resolveState({
      value: stored.value as StateValue,
      context: stored.context as unknown as PortalContext,
    });
    if (resolved.status !== 'active') return undefined;
  } catch {
    return undefined;
  }
  return stored as unknown as Snapshot<unknown>;
};
