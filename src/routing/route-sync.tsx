/**
 * URL ⇄ machine. A location change the machine did not cause (deep link, reload, back/forward, a
 * plain link) becomes one ROUTE.VISITED event; after every snapshot the address bar follows
 * `selectLocation`. Nothing here decides where the user goes: the machine's guards do.
 */
import { useEffect, useRef } from 'react';
import { usePortalActor, type PortalSnapshot } from '../portal/portal-context';
import { selectLocation } from '../../machines/index.ts';
import { navigate, useAddressBar } from './address-bar';
import { locationKey, shouldReplace } from './url';
import { toldAlready, visit } from './visit';

export function RouteSync() {
  const actor = usePortalActor();
  const location = useAddressBar();
  /** The address this component is navigating to for the machine: arriving there is not a visit. */
  const navigating = useRef<string | null>(null);
  /** The location already handled, so StrictMode's second effect run sends nothing. */
  const handled = useRef<typeof location | null>(null);

  // URL → machine.
  useEffect(() => {
    if (handled.current === location) return;
    handled.current = location;
    if (navigating.current !== null && locationKey(location) === navigating.current) {
      navigating.current = null;
      return;
    }
    if (toldAlready(location)) return;
    visit(actor, location);
  }, [actor, location]);

  // Machine → URL.
  useEffect(() => {
    const follow = (snapshot: PortalSnapshot) => {
      const { path, search, hash } = selectLocation(snapshot);
      const target = `${path}${search}${hash}`;
      const { pathname, search: currentSearch, hash: currentHash } = window.location;
      if (`${pathname}${currentSearch}${currentHash}` === target) return;
      navigating.current = target;
      navigate(target, { replace: shouldReplace(pathname, path) });
    };
    follow(actor.getSnapshot());
    const subscription = actor.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [actor]);

  return null;
}
