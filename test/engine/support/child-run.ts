/**
 * Running a transfer in a child process that a test can SIGKILL at any moment, its state kept in a
 * JSON file the child rewrites atomically (temp file + rename) after every store change, like a
 * database commit.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createMemoryStateStore, type MemoryStateStore, type MemoryStoreState } from '../../../server/engine/index.ts';

/** In the child: a store that starts from the file and writes it after every change. */
export function fileBackedStore(stateFile: string): MemoryStateStore {
  const initial = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as MemoryStoreState) : {};
  return createMemoryStateStore(initial, (state) => {
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
  });
}

/** The saved state of the one operation in the file, or undefined before the first write. */
export function savedRecord(stateFile: string) {
  if (!existsSync(stateFile)) return undefined;
  return Object.values(JSON.parse(readFileSync(stateFile, 'utf8')) as MemoryStoreState)[0];
}

export const progressDone = (stateFile: string): number => savedRecord(stateFile)?.progress?.done ?? 0;

/** Runs the child script with its config; `killWhen` is polled and a true answer SIGKILLs it. */
export function runChild(
  script: string,
  config: unknown,
  killWhen: () => boolean,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const poll = setInterval(() => killWhen() && child.kill('SIGKILL'), 3);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal, output });
    }),
  );
}
