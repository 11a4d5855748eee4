/**
 * Where development mail lives under DEV_MAIL_DIR (default `$DATA_DIR/dev-mail`):
 *
 *   accounts/<address>/Maildir/            the scenario account's sample mailbox (Maildir++, mailbox.json)
 *   accounts/<address>/contacts/<book>/     its address books: one .vcf per card, Radicale's .Radicale.props
 *   mailboxes/<address>/                    a destination mailbox (Maildir++, mailbox.json), made on first export
 *   address-books/<address>/contacts/       a destination's address book, made on its first contacts export
 *
 * Addresses become directory names in lower case, with anything but letters, digits and `@._+-`
 * percent-encoded (and a leading dot), so no address can name a path outside these folders.
 */
import path from 'node:path';

export function addressDirName(address: string): string {
  const lower = address.trim().toLowerCase();
  const encoded = lower.replace(/[^a-z0-9@._+-]/g, (char) =>
    encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  );
  return encoded.startsWith('.') ? `%2E${encoded.slice(1)}` : encoded;
}

export function addressOfDirName(name: string): string {
  return decodeURIComponent(name);
}

export type DevMailLayout = ReturnType<typeof devMailLayout>;

export function devMailLayout(dir: string) {
  const accountsDir = path.join(dir, 'accounts');
  const mailboxesDir = path.join(dir, 'mailboxes');
  const addressBooksDir = path.join(dir, 'address-books');
  const account = (address: string) => path.join(accountsDir, addressDirName(address));
  return {
    dir,
    accountsDir,
    mailboxesDir,
    addressBooksDir,
    account,
    maildir: (address: string) => path.join(account(address), 'Maildir'),
    contacts: (address: string) => path.join(account(address), 'contacts'),
    mailbox: (address: string) => path.join(mailboxesDir, addressDirName(address)),
    addressBooks: (address: string) => path.join(addressBooksDir, addressDirName(address)),
  };
}
