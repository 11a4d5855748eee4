/**
 * /dev/mailboxes: where development exports landed. Lists every destination mailbox (and the scenario
 * accounts' sample mailboxes they came from) with folders and message counts, and per folder the
 * messages' dates, senders and subjects; then the destination and sample address books with their
 * contact counts. Read only; every value is escaped by hono/html. Mounted only
 * in development (server/app.ts), like /dev/support-requests.
 */
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import * as v from 'valibot';
import { validated } from '../../../http/errors.ts';
import type { DevMail } from '../index.ts';
import { listAddressBooks, type AddressBookSummary } from './address-books.ts';
import { folderMessages, listMailboxes, type MailboxSummary } from './summary.ts';

const BASE = '/dev/mailboxes';
const MESSAGES_SHOWN = 500;

const FolderQuerySchema = v.object({
  kind: v.picklist(['destination', 'sample']),
  address: v.pipe(v.string(), v.minLength(3), v.maxLength(320)),
  folder: v.pipe(v.string(), v.minLength(1), v.maxLength(1000)),
});

type Body = HtmlEscapedString | Promise<HtmlEscapedString>;

const page = (title: string, body: Body) => html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title}</title></head>
  <body>
    <main>${body}</main>
  </body>
</html>`;

const folderLink = (kind: 'destination' | 'sample', address: string, folder: string) =>
  `${BASE}/folder?${new URLSearchParams({ kind, address, folder }).toString()}`;

function mailboxTables(kind: 'destination' | 'sample', mailboxes: MailboxSummary[]) {
  return mailboxes.map(
    (m) => html`<section>
      <h3>${m.address}</h3>
      <table>
        <caption>${m.address}: ${m.total} messages in ${m.folders.length} folders</caption>
        <thead><tr><th scope="col">Folder</th><th scope="col">Special use</th><th scope="col">Messages</th></tr></thead>
        <tbody>
          ${m.folders.map((f) => html`<tr><th scope="row"><a href="${folderLink(kind, m.address, f.path)}">${f.path}</a></th><td>${f.role ?? ''}</td><td>${f.count}</td></tr>`)}
        </tbody>
      </table>
    </section>`,
  );
}

function addressBookTable(caption: string, summaries: AddressBookSummary[]) {
  return html`<table>
    <caption>${caption}</caption>
    <thead><tr><th scope="col">Address</th><th scope="col">Address book</th><th scope="col">Contacts</th></tr></thead>
    <tbody>
      ${summaries.flatMap((s) => s.books.map((b) => html`<tr><th scope="row">${s.address}</th><td>${b.name}</td><td>${b.count}</td></tr>`))}
    </tbody>
  </table>`;
}

export function devMailboxRoutes(devMail: DevMail): Hono {
  const app = new Hono();
  const { layout } = devMail;

  const index = async (c: Context) => {
    const [destinations, samples, destinationBooks, sampleBooks] = await Promise.all([
      listMailboxes(layout.mailboxesDir, (name) => path.join(layout.mailboxesDir, name)),
      listMailboxes(layout.accountsDir, (name) => path.join(layout.accountsDir, name, 'Maildir')),
      listAddressBooks(layout.addressBooksDir, (name) => path.join(layout.addressBooksDir, name)),
      listAddressBooks(layout.accountsDir, (name) => path.join(layout.accountsDir, name, 'contacts')),
    ]);
    return c.html(
      page(
        'Mailboxes (development)',
        html`<h1>Mailboxes (development)</h1>
          <p>Development exports to every destination but a file land in these mailboxes, one per destination address, kept in <code>${layout.mailboxesDir}</code>.</p>
          <h2>Destination mailboxes</h2>
          ${destinations.length === 0 ? html`<p>No export has reached a mailbox yet.</p>` : mailboxTables('destination', destinations)}
          <h2>Sample mailboxes of the scenario accounts</h2>
          ${samples.length === 0 ? html`<p>The sample mailboxes are not written yet.</p>` : mailboxTables('sample', samples)}
          <h2>Address books</h2>
          <p>Development exports of contacts to those providers land in one address book per destination address, kept in <code>${layout.addressBooksDir}</code>.</p>
          ${destinationBooks.length === 0 ? html`<p>No export has reached an address book yet.</p>` : addressBookTable('Destination address books', destinationBooks)}
          ${sampleBooks.length === 0 ? '' : addressBookTable('Sample address books of the scenario accounts', sampleBooks)}`,
      ),
    );
  };
  app.get(BASE, index);
  app.get(`${BASE}/`, index);

  app.get(`${BASE}/folder`, validated('query', FolderQuerySchema), async (c) => {
    const { kind, address, folder } = c.req.valid('query');
    const root = kind === 'destination' ? layout.mailbox(address) : layout.maildir(address);
    const found = await folderMessages(root, folder, MESSAGES_SHOWN);
    const back = html`<nav><a href="${BASE}">All mailboxes</a></nav>`;
    if (!found)
      return c.html(page('Folder not found', html`${back}<h1>Folder not found</h1><p>${address} has no folder ${folder}.</p>`), 404);
    return c.html(
      page(
        `${folder} — ${address}`,
        html`${back}
          <h1>${folder} <small>(${address})</small></h1>
          ${
            found.messages.length === 0
              ? html`<p>This folder is empty.</p>`
              : html`<table>
                <caption>${found.total} messages${found.total > found.messages.length ? html`, the newest ${found.messages.length} shown` : ''}, newest first</caption>
                <thead><tr><th scope="col">Received</th><th scope="col">From</th><th scope="col">Subject</th><th scope="col">Flags</th><th scope="col">Size (bytes)</th></tr></thead>
                <tbody>
                  ${found.messages.map(
                    (m) =>
                      html`<tr><td><time datetime="${m.internalDate.toISOString()}">${m.internalDate.toISOString().slice(0, 16).replace('T', ' ')}</time></td><td>${m.from}</td><td>${m.subject}</td><td>${m.flags.join(' ')}</td><td>${m.size}</td></tr>`,
                  )}
                </tbody>
              </table>`
          }`,
      ),
    );
  });
  return app;
}
