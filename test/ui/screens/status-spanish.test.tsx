/**
 * The status page in Spanish (issue 33, decision 0033): switched on the page, its labels, counts, time
 * to finish, wait, outcome, receipt and item report are said in Spanish, with the same figures. The
 * Spanish catalog arrives by a dynamic import, so the switch is waited for as for a lazy screen.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusResponse } from '../../../contract/index.ts';
import { arrives, createFakeApi, eventually, renderApp } from '../render-app';

const EXPORT_ID = 'S'.repeat(32);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function openInSpanish(answer: StatusResponse) {
  const api = createFakeApi();
  api.fetchJobStatus.mockResolvedValue(answer);
  const view = renderApp({ url: `/status?migration_id=${EXPORT_ID}`, api });
  await arrives('Check your export status');
  await eventually(() => screen.getByRole('list', { name: 'Export status by type' }));
  await view.user.click(screen.getByRole('button', { name: 'Español' }));
  await arrives('Vea el estado de su exportación');
  return view;
}

describe('the status page in Spanish', () => {
  it('says a running export: its state, counts, time to finish and wait, and its buttons', async () => {
    await openInSpanish({
      emailmigration: {
        status: 'started',
        progress: { total: 5000, done: 1240, failed: 2, bytes_total: 120e6, bytes_done: 35e6 },
        estimate: { finish: '2026-03-07T10:00:00Z', seconds: 4 * 86_400 + 600, cap: { provider: 'gmail', per: 'day', bytes: 500e6 } },
      },
      contactsmigration: { status: 'started', waiting: { reason: 'daily-limit', until: '2026-03-03T14:00:00Z', provider: 'gmail' } },
      can_cancel: true,
    });
    const list = screen.getByRole('list', { name: 'Estado de la exportación por tipo' });
    expect(within(list).getAllByText('En curso')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Progreso: Correo' })).toHaveAttribute('value', '1242');
    expect(screen.getByText('1,242 de 5,000 mensajes (35 MB de 120 MB)')).toBeInTheDocument();
    expect(screen.getByText('No se pudieron mover: 2 mensajes.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Correo: tiempo para terminar' })).toHaveTextContent(
      'Cerca de 4 días — Gmail acepta cerca de 500 MB por día desde otras apps. Puede cerrar esta página; le mandamos un correo cuando termine.',
    );
    expect(screen.getByRole('status', { name: 'Contactos: tiempo para terminar' })).toHaveTextContent(
      /^Puede cerrar esta página\. Espera el límite diario de Gmail — sigue hacia el martes \d{1,2}:\d{2} (a|p)\. m\.$/,
    );
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Correo: en curso, ya va por el 20%. Contactos: en curso.');
    expect(screen.getByRole('button', { name: 'Cancelar la exportación' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeInTheDocument();
  });

  it('says a partly failed export: its outcome, what arrived, the receipt and the item report', async () => {
    await openInSpanish({
      emailmigration: { status: 'completed', progress: { total: 300, done: 285, failed: 15 } },
      receipt: [{ operation: 'emailmigration', container: 'INBOX', source: 300, destination: 285 }],
      report_url: '/api/reports/r',
      failures: {
        reasons: [
          { operation: 'emailmigration', reason: 'too-big', count: 12 },
          { operation: 'emailmigration', reason: 'quota', count: 3 },
        ],
        items: [
          {
            operation: 'emailmigration',
            container: 'Archive/2019',
            reason: 'too-big',
            subject: null,
            sender: 'Zoë Müller <zoe@example.net>',
            date: '2019-08-04T12:30:00.000Z',
            size: 41_000_000,
          },
        ],
        destination: 'gmail',
      },
    });
    const email = within(screen.getByRole('list', { name: 'Estado de la exportación por tipo' })).getByRole('listitem');
    expect(email).toHaveTextContent('Terminada — no se pudieron mover 15 de 300 mensajes');
    expect(email).toHaveTextContent('Llegaron: 285 de 300 mensajes.');
    const receipt = screen.getByRole('table', { name: 'Lo que llegó, carpeta por carpeta' });
    expect(within(receipt).getByRole('columnheader', { name: 'En el destino' })).toBeInTheDocument();
    expect(within(receipt).getByText('285 (menos)')).toBeInTheDocument();
    const reasons = screen.getByRole('region', { name: 'Por qué no se pudieron mover algunos elementos' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Demasiado grande para Gmail: 12', 'No queda espacio en Gmail: 3']);
    const row = within(within(reasons).getByRole('table', { name: 'El primer elemento que no se pudo mover' })).getByRole('row', {
      name: /sin asunto/,
    });
    expect(row).toHaveTextContent(/ago 2019, \d{1,2}:30 (a|p)\. m\./);
    expect(screen.getByRole('link', { name: 'Descargar la lista de lo que no se pudo mover (CSV)' })).toHaveAttribute(
      'href',
      '/api/reports/r',
    );
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Correo: Terminada — no se pudieron mover 15 de 300 mensajes. Llegaron: 285 de 300 mensajes.',
    );
  });
});
