/**
 * The portal in Spanish (issue 33): the header's switch turns the page Spanish on the spot, the
 * language outlives the sign-in round trip, every page of the wizard says `lang="es"` and passes axe
 * (journey.check), and an export started in Spanish is followed in Spanish to its end, on a status
 * page that says it in Spanish, and its two mails arrive in Spanish. Every choice is made with the
 * Spanish words a person reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './harness/journey.ts';
import { expectHeading, expectPath } from './steps/routes.ts';
import { chooseAccount } from './steps/sign-in.ts';

const journey = useJourney();
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The mails the service wrote to its outbox for an export, parsed. */
async function mailsOf(exportId: string) {
  const outbox = path.join(inject('portalDataDir'), 'outbox');
  const names = readdirSync(outbox).filter((name) => name.includes(exportId));
  return Promise.all(names.map((name) => PostalMime.parse(readFileSync(path.join(outbox, name)))));
}

describe('the portal in Spanish', () => {
  it('switches on the home page, keeps Spanish through sign-in, and starts an export in Spanish', async () => {
    const current = journey();
    const { page } = current;
    await page.goto('/');
    await expectHeading(page, 'Save your email and contacts');
    expect(await lang(page)).toBe('en');
    await page.getByRole('button', { name: 'Español' }).click();
    await expectHeading(page, 'Guarde su correo y sus contactos');
    expect(await lang(page)).toBe('es');
    await current.check('es-sign-in');
    // The choice goes with the next page load: the service serves that page prerendered in Spanish.
    const served = await (await page.request.get('/')).text();
    expect(served).toContain('<html lang="es"');

    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    // The development sign-in page speaks the visit's language too (the portal sends it as ui_locales).
    await expectHeading(page, 'Inicio de sesión de Northwave (desarrollo)');
    expect(await lang(page)).toBe('es');
    await current.check('es-dev-sign-in-page');
    await chooseAccount(page, 'active@example.com', true, 'Inicio de sesión de Northwave (desarrollo)');
    await expectPath(page, '/destination-account');
    await expectHeading(page, 'Guarde los datos de su correo');
    expect(await lang(page)).toBe('es');
    await current.check('es-destination-account');

    await page.getByRole('radio', { name: /^Descargar/ }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectHeading(page, 'Elija qué guardar');
    expect(await lang(page)).toBe('es');
    await page.getByRole('radio', { name: /^Correo y contactos/ }).check();
    await page.getByRole('radio', { name: /^MBOX/ }).check();
    await page.getByRole('radio', { name: /^VCF/ }).check();
    await current.check('es-migration-options');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await expectPath(page, '/start-migration');
    expect(await lang(page)).toBe('es');
    await page.getByRole('button', { name: 'Empezar la exportación' }).waitFor();
    await current.check('es-start-migration');
    await page.getByRole('button', { name: 'Empezar la exportación' }).click();

    await expectPath(page, '/complete');
    await expectHeading(page, 'Estamos reuniendo sus datos');
    expect(await lang(page)).toBe('es');
    const exportId = await page.getByLabel('Su ID de exportación').inputValue();
    expect(exportId).toMatch(/^[A-Za-z0-9]{32}$/);
    await current.check('es-complete');

    // Followed to its end in Spanish: the page says each kind's state and counts in Spanish.
    await page.getByRole('link', { name: 'Seguir su exportación' }).click();
    await expectPath(page, '/status');
    await expectHeading(page, 'Vea el estado de su exportación');
    const byType = page.getByRole('list', { name: 'Estado de la exportación por tipo' });
    for (const kind of ['Correo', 'Contactos'])
      await byType.getByRole('listitem').filter({ hasText: kind }).getByText('Terminada').waitFor({ timeout: 60_000 });
    expect(await lang(page)).toBe('es');
    await page.getByRole('link', { name: 'Descargar su archivo' }).waitFor();
    await current.check('es-status-completed');

    // Its mails, started and ended, are in Spanish, and quote the Spanish page's words.
    await expect.poll(async () => (await mailsOf(exportId)).length, { timeout: 30_000 }).toBe(2);
    const mails = await mailsOf(exportId);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Northwave: Su exportación empezó',
      'Northwave: Su exportación está completa',
    ]);
    for (const mail of mails) {
      expect(mail.text).toMatch(/^Hola:/);
      expect(mail.text).toContain(`Su ID de exportación:\n${exportId}`);
      expect(mail.html).toContain('<html lang="es">');
    }
    const ended = mails.find((mail) => mail.subject?.endsWith('completa'));
    expect(ended?.text).toContain('Su correo y sus contactos se guardaron en un archivo ZIP para descargar.');
    expect(ended?.text).toContain('Elija "Descargar su archivo".');

    // Back to English mid-way keeps the page where it is.
    await page.getByRole('button', { name: 'English' }).click();
    await expectHeading(page, 'Check your export status');
    expect(await lang(page)).toBe('en');
    await page.getByRole('link', { name: 'Download your file' }).waitFor();
  });
});
