/** `tsx server/main.ts` as `npm start` runs it: listens, answers, and shuts down cleanly on SIGTERM. */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('server/main.ts', () => {
  it('serves with the default adapters and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>main test</title>');
    const port = await freePort();
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), DIST_DIR: path.join(dir, 'dist'), LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    let healthy = false;
    for (let i = 0; i < 150 && !healthy && child.exitCode === null; i += 1) {
      healthy = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy).toBe(true);
    expect(await (await fetch(`${base}/support-form`)).text()).toContain('main test');
    const signIn = await fetch(`${base}/api/oauth/?provider=northwave&logout=true`);
    expect(await signIn.text()).toContain('active@example.com');
    expect(existsSync(path.join(dir, 'data', 'portal.sqlite'))).toBe(true);
    expect(existsSync(path.join(dir, 'data', 'hash-secret'))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
