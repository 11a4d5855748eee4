/**
 * The PST writer's memory does not grow with the mailbox: 10,000 generated messages of about 50 kB and
 * one of 50 MB written into a PST in a child process started with the service's Node flags, whose peak
 * resident memory must stay under 250 MB (docs/performance.md, "PST"). libpff then opens the file.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceNodeFlags } from '../../../scripts/bench/compiled-child.ts';
import type { PstMemoryConfig, PstMemoryResult } from '../support/pst-memory-child.ts';
import { folderAt } from '../support/generated-mailbox.ts';

const CHILD = fileURLToPath(new URL('../support/pst-memory-child.ts', import.meta.url));
const LIMIT_MB = 250;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'engine-pst-memory-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('writing a large mailbox into a PST', () => {
  it(`stays under ${LIMIT_MB} MB, and libpff opens the file`, async () => {
    const config: PstMemoryConfig = {
      file: path.join(dir, 'large.pst'),
      mailbox: {
        folders: [folderAt('INBOX'), folderAt('Archive/2019')],
        count: 10_000,
        bodyBytes: 50_000,
        large: { at: 4_001, bodyBytes: 50 * 1024 * 1024 },
      },
    };
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [...serviceNodeFlags(), '--import', 'tsx', CHILD, JSON.stringify(config)]);
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as PstMemoryResult;
    expect(result.messages).toBe(10_000);
    expect(result.peakRssMb, `peak RSS ${result.peakRssMb} MB`).toBeLessThan(LIMIT_MB);
    const info = await run('pffinfo', [config.file]);
    expect(info.stdout).toMatch(/File type:\s+64-bit/);
  }, 120_000);
});
