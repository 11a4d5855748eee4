/**
 * A location the machine did not cause, told to it as one ROUTE.VISITED: by the route sync, and
 * once by the entry before React runs (src/app/start-portal-actor.ts), so the machine starts its
 * screen (a policy page's moment, a status look-up) without waiting for the view. The route sync
 * then skips that same first address instead of telling it twice.
 */
import type { PortalActor } from '../portal/portal-context';
import type { AddressBarLocation } from './address-bar';
import { isCallbackPath, locationKey, stripSecretsFromAddressBar } from './url';

let toldBeforeRender: string | null = null;

export function visit(actor: PortalActor, location: AddressBarLocation, shownFor?: number): void {
  const query = Object.fromEntries(new URLSearchParams(location.search));
  // The token and address must not stay in the address bar (or history) a moment longer than needed.
  if (isCallbackPath(location.pathname)) stripSecretsFromAddressBar();
  actor.send({
    type: 'ROUTE.VISITED',
    path: location.pathname,
    query,
    hash: location.hash,
    ...(shownFor === undefined ? {} : { shownFor }),
  });
}

/** The page's own address, told before the view renders; `shownFor`: how long the page has shown already. */
export function visitBeforeRender(actor: PortalActor, shownFor: number | undefined): void {
  const { pathname, search, hash } = window.location;
  visit(actor, { pathname, search, hash }, shownFor);
  // The address as the route sync will read it: without the secrets just removed.
  toldBeforeRender = locationKey(window.location);
}

/** Whether the machine was already told of `location` before the view rendered (answers yes once). */
export function toldAlready(location: AddressBarLocation): boolean {
  const told = toldBeforeRender === locationKey(location);
  toldBeforeRender = null;
  return told;
}
