/**
 * The account the closing provider keeps for a customer on its successor product: the same address,
 * or the same name at the product's own domain. Derived here from the signed-in address, never taken
 * from the request, since the master login could write any account on that server.
 */
export function successorAccount(sourceEmail: string, addressDomain: string | null): string {
  const address = sourceEmail.trim().toLowerCase();
  if (addressDomain === null) return address;
  return `${address.slice(0, address.lastIndexOf('@'))}@${addressDomain}`;
}
