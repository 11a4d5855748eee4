/**
 * The mails in the customer's language (issue 33): an export started in Spanish is told in Spanish,
 * every mail of it, with the portal's labels as the Spanish portal shows them; one started in English
 * (or before exports had a language) keeps the English words.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../../contract/words/translate.ts';
import { composeExportMail, portalLabels } from '../../../server/notify/export-mail.ts';
import { createMailNotifier } from '../../../server/notify/mail-notifier.ts';
import type { ExportNotification } from '../../../server/ports.ts';
import { fileLoad, signIn, startHarness, type Harness } from '../helpers/harness.ts';
import { decodeEncodedWords, parseMessage } from '../vendor/parse.ts';

const EXPORT_ID = 'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe';
const PORTAL = 'https://portal.example.com';
const receipt = [
  { operation: 'emailmigration' as const, container: 'INBOX', source: 1240, destination: 1238 },
  { operation: 'contactsmigration' as const, container: 'Personal', source: 1, destination: 1 },
];

const notification = (
  outcome: ExportNotification['outcome'],
  destination: ExportNotification['destination'],
  language: ExportNotification['language'],
): ExportNotification => ({
  to: 'user@example.com',
  exportId: EXPORT_ID,
  portalUrl: PORTAL,
  outcome,
  destination,
  operations: ['emailmigration', 'contactsmigration'],
  language,
  date: Date.UTC(2026, 2, 2, 14, 0, 7),
});

/** Every mail an export can send, to a mailbox and as a file. */
function everyMail(language: ExportNotification['language']): ExportNotification[] {
  return [{ provider: 'gmail', email: 'kim.lee@gmail.com' } as const, { provider: 'file', email: null } as const].flatMap((destination) => [
    notification('started', destination, language),
    { ...notification('started', destination, language), estimate: { finish: '2026-03-06T14:00:00Z', seconds: 3 * 3600 } },
    notification('paused', destination, language),
    notification('forwarding-ended', destination, language),
    { ...notification('completed', destination, language), summary: { receipt, failed: 0, reason: null } },
    { ...notification('completed', destination, language), summary: { receipt, failed: 1, reason: null } },
    { ...notification('error', destination, language), summary: { receipt, failed: 3, reason: 'destination-unreachable' } },
    { ...notification('error', destination, language), summary: { receipt, failed: 0, reason: 'cancelled' } },
  ]);
}

/** English words no Spanish mail has: what is left of a mail once its ID, address and names are gone. */
const ENGLISH = /\b(the|your|you|we|was|were|could|not|export|moved|sign in|choose|folders?|messages?|contacts)\b/i;
const withoutNames = (text: string) =>
  text
    .replaceAll(PORTAL, '')
    .replaceAll(EXPORT_ID, '')
    .replace(/Northwave|Gmail|ZIP/g, '');

beforeAll(() => loadLanguage('es'));

describe('the mails in Spanish', () => {
  it('says every mail in Spanish, subject and body, text and HTML, with no English sentence left', () => {
    const spanish = everyMail('es').map((n) => composeExportMail(n));
    for (const mail of spanish) {
      expect(withoutNames(mail.subject)).not.toMatch(ENGLISH);
      expect(withoutNames(mail.text)).not.toMatch(ENGLISH);
      expect(mail.html).toContain('<html lang="es">');
      expect(mail.text.startsWith('Hola:\n')).toBe(true);
    }
    // The same mails in English are English: the check above can fail.
    for (const mail of everyMail('en').map((n) => composeExportMail(n))) expect(withoutNames(mail.text)).toMatch(ENGLISH);
    // A subject per outcome, as many as in English.
    const subjects = (mails: { subject: string }[]) => new Set(mails.map((mail) => mail.subject)).size;
    expect(subjects(spanish)).toBe(subjects(everyMail('en').map((n) => composeExportMail(n))));
    expect(subjects(spanish)).toBe(8);
  });

  it('makes the words agree with what moves and how many did not', () => {
    const one = composeExportMail({
      ...notification('completed', { provider: 'gmail', email: 'kim.lee@gmail.com' }, 'es'),
      operations: ['emailmigration'],
      summary: { receipt, failed: 1, reason: null },
    });
    expect(one.subject).toBe('Northwave: Su exportación terminó, pero no se pudieron mover algunos mensajes');
    expect(one.text).toContain(
      'Su correo se movió a su cuenta de Gmail k…@gmail.com. Pero 1 mensaje no se pudo mover. Gmail no lo aceptó, o no se pudo leer de su buzón de Northwave.',
    );
    const file = composeExportMail({
      ...notification('completed', { provider: 'file', email: null }, 'es'),
      operations: ['contactsmigration'],
      summary: { receipt, failed: 2, reason: null },
    });
    expect(file.text).toContain('Sus contactos se guardaron en un archivo ZIP para descargar.');
    expect(file.text).toContain('Pero 2 contactos no se pudieron guardar en el archivo.');
  });

  it('quotes the portal’s labels as the Spanish portal shows them', () => {
    const labels = Object.values(portalLabels('es'));
    const quoted = everyMail('es')
      .map((n) => composeExportMail(n).text)
      .flatMap((text) => [...text.matchAll(/"([^"]+)"/g)].map((match) => match[1]));
    expect(quoted.length).toBeGreaterThan(10);
    expect(quoted.filter((label) => !labels.includes(label ?? ''))).toEqual([]);
    expect(labels).toContain('Vea el estado de su exportación');
  });

  it('gives the receipt’s counts in Spanish', () => {
    const mail = composeExportMail({
      ...notification('completed', { provider: 'gmail', email: 'kim.lee@gmail.com' }, 'es'),
      summary: { receipt, failed: 0, reason: null },
    });
    expect(mail.text).toContain('  Correo en 1 carpeta: 1,240 mensajes / 1,238 mensajes');
    expect(mail.text).toContain('  Contactos en 1 libreta de direcciones: 1 contacto / 1 contacto');
    expect(mail.text).toContain('En 1 carpeta, hay menos en el destino que en el origen.');
    expect(mail.text).toContain('Para ver cada carpeta y cada libreta de direcciones, elija "Véalo iniciando sesión"');
    expect(mail.html).toContain('<caption style="text-align: left;">Lo que llegó</caption>');
  });

  it('writes the Spanish mail through the notifier, its subject encoded for any mail reader', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-mail-es-'));
    try {
      // A fresh process has not loaded Spanish: the notifier loads it before it writes.
      await createMailNotifier({ outboxDir: dir, from: 'no-reply@example.com' }).send(
        notification('started', { provider: 'file', email: null }, 'es'),
      );
      const [file] = readdirSync(dir);
      const { headers } = parseMessage(readFileSync(path.join(dir, file ?? ''), 'utf8'));
      expect(decodeEncodedWords(headers.get('subject') ?? '')).toBe('Northwave: Su exportación empezó');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the language an export was started in', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness.stop();
    await harness.remove();
  });

  it('is kept with the export, and its mails are said in it', async () => {
    const session = await signIn(harness);
    const spanish = await session.post('/api/load/', fileLoad(session.email, { language: 'es' }));
    const english = await session.post('/api/load/', fileLoad(session.email, { operations: ['emailmigration'] }));
    const ids = await Promise.all([spanish, english].map(async (answer) => ((await answer.json()) as { jobid: string }).jobid));
    harness.clock.now += 60 * 60 * 1000;
    await harness.service.outbox.runOnce();
    const started = (id: string | undefined) => harness.sent.find((n) => n.exportId === id && n.outcome === 'started');
    expect(started(ids[0])?.language).toBe('es');
    expect(started(ids[1])?.language).toBe('en');
    expect(composeExportMail(started(ids[0]) as ExportNotification).subject).toBe('Northwave: Su exportación empezó');
  });

  it('refuses a language the portal does not speak, and keeps nothing', async () => {
    const session = await signIn(harness);
    const answer = await session.post('/api/load/', fileLoad(session.email, { language: 'fr', operations: ['contactsmigration'] }));
    expect(answer.status).toBe(400);
  });
});
