/**
 * The service's log lines reach stdout whole, in order and exactly once: in batches while it runs,
 * within a second when few are waiting, and everything still waiting when the process exits.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `body` after `const log = createLogger('info')` in a process of its own; resolves with its stdout once `until` holds. */
function run(body: string, until: (out: string) => boolean = () => false): Promise<{ out: string; code: number | null }> {
  const script = `import { createLogger } from './server/http/logger.ts'; const log = createLogger('info'); ${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (until(out)) child.kill();
    });
    child.on('close', (code) => resolve({ out, code }));
  });
}

const lines = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { msg: string; i?: number });

describe('the log on stdout', () => {
  it('writes every line once and in order when the process exits right after logging them', { timeout: 30_000 }, async () => {
    // 2,000 lines are several batches: some written while the loop runs, the rest only at exit.
    const { out, code } = await run(`for (let i = 0; i < 2000; i++) log.info({ i, note: 'é'.repeat(i % 7) }, 'line'); process.exit(0);`);
    expect(code).toBe(0);
    expect(lines(out).map((line) => line.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });

  it('writes a lone line within a second while the process keeps running', { timeout: 30_000 }, async () => {
    const { out, code } = await run(`log.info('alone'); setTimeout(() => process.exit(3), 20_000);`, (seen) => seen.includes('alone'));
    // Seen and stopped by the test, long before the process would have exited by itself.
    expect(code).toBeNull();
    expect(lines(out).map((line) => line.msg)).toEqual(['alone']);
  });

  it('writes what logger.flush() asks for at once, before the batch fills or the second passes', { timeout: 30_000 }, async () => {
    // The process blocks its event loop right after the flush (no timer can run), then dies by SIGKILL
    // (no exit handler runs): only the flush's own write can have put the line out.
    const { out } = await run(
      `log.info('now'); log.flush(); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500); process.kill(process.pid, 'SIGKILL');`,
    );
    expect(lines(out).map((line) => line.msg)).toEqual(['now']);
  });
});
