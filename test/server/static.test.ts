import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app.ts';

let server: ServerType;
let base: string;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>portal index</title>');
  mkdirSync(path.join(distDir, 'images'));
  writeFileSync(path.join(distDir, 'images', 'logo.png'), 'png-bytes');
  await new Promise<void>((resolve) => {
    server = serve({ fetch: createApp({ distDir }).fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});

afterAll(() => {
  server.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('serving the portal', () => {
  it('serves index.html at /', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('portal index');
  });

  it('falls back to index.html for a wizard route deep link', async () => {
    const response = await fetch(`${base}/destination-account?x=1`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('portal index');
  });

  it('serves static files from the build', async () => {
    const response = await fetch(`${base}/images/logo.png`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('png-bytes');
  });
});
