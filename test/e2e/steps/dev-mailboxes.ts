/** What the development mailbox store holds, read from its /dev/mailboxes page as a person would. */

/** The message count the development mailboxes page gives an address ("<address>: N messages in F folders"), or null. */
export async function messagesAt(base: string, address: string): Promise<number | null> {
  const text = await (await fetch(`${base}/dev/mailboxes`)).text();
  const found = new RegExp(`<caption>${address.replace(/[.]/g, '\\.')}: (\\d+) messages in`).exec(text);
  return found ? Number(found[1]) : null;
}
