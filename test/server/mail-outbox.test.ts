/**
 * No request waits on SMTP (issue 14): against a mail server that accepts connections and never
 * answers, `load` and the status lookup answer at once, and the mail is sent once the server answers.
 * The mail server is a real one (smtp-server) behind a gate the test holds shut, then opens.
 */
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailNotifier } from '../../server/notify/mail-notifier.ts';
import { fileLoad, signIn, startHarness, type Harness } from './helpers/harness.ts';

type Received = { from: string; to: string[]; message: string };

let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];

/** Accepts every connection; until opened, says nothing; once opened, joins new ones to the SMTP server. */
type Gate = { port: number; open: () => void; held: () => number; close: () => Promise<void> };
async function startGate(target: () => number): Promise<Gate> {
  let opened = false;
  const held = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    if (!opened) {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
      socket.on('error', () => undefined);
      return;
    }
    const upstream = net.connect(target(), '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    open() {
      opened = true;
      // An attempt still hanging on a held connection must not complete later as a second send.
      for (const socket of held) socket.destroy();
    },
    held: () => held.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let gate: Gate;
let harness: Harness;
const outboxDir = mkdtempSync(path.join(tmpdir(), 'portal-mail-'));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          message,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as net.AddressInfo).port;
  gate = await startGate(() => smtpPort);
  const notifier = createMailNotifier({
    smtpUrl: `smtp://127.0.0.1:${gate.port}`,
    outboxDir,
    from: 'Portal <no-reply@example.com>',
    timeoutMs: 500,
  });
  harness = await startHarness({ notifier, env: { OUTBOX_DELIVERY_TIMEOUT_MS: '500', OUTBOX_RETRY_FIRST_MS: '1000' } });
});

afterAll(async () => {
  await harness.stop();
  await harness.remove();
  await gate.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(outboxDir, { recursive: true, force: true });
});

describe('a mail server that accepts and never answers', () => {
  it('leaves load and the status lookup fast, and the mail goes out once the server answers', async () => {
    const session = await signIn(harness);
    const loadStarted = performance.now();
    const loaded = await session.post('/api/load/', fileLoad(session.email));
    const loadMs = performance.now() - loadStarted;
    expect(loaded.status).toBe(200);
    expect(loadMs).toBeLessThan(1000);
    const { jobid } = (await loaded.json()) as { jobid: string };

    // The outbox tries while the server hangs: the attempt times out and is kept for later.
    const delivering = harness.service.outbox.runOnce();
    await expect.poll(() => gate.held()).toBe(1);
    const statusStarted = performance.now();
    expect((await fetch(`${harness.base}/api/v2/status/?job_id=${jobid}`)).status).toBe(200);
    expect(performance.now() - statusStarted).toBeLessThan(1000);
    await delivering;
    expect(received).toEqual([]);
    const waiting = await harness.db.selectFrom('outbox').select(['status', 'attempts']).where('ref', '=', jobid).executeTakeFirstOrThrow();
    expect(waiting).toEqual({ status: 'pending', attempts: 1 });

    gate.open();
    harness.clock.now += 1000;
    await harness.service.outbox.runOnce();
    harness.clock.now += 60 * 60 * 1000;
    await harness.service.outbox.runOnce();
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['notify@example.com']);
    // Quoted-printable folds long lines with a soft break ("=" at the end of a line).
    expect(received[0]?.message.replace(/=\r?\n/g, '')).toContain(`Your export ID:\r\n${jobid}\r\n`);
    expect(received[0]?.message).toContain('Subject: Northwave: Your export has started');
  });
});
