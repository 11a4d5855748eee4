/**
 * A prerendered page the machine would only show for a moment and then leave (the policy pages,
 * machine-leaves.ts) leaves on its own: an inline script, written into the page by the prerender
 * and let in by its hash in the page's CSP, replaces the page with the machine's address at the
 * machine's moment after the first paint. On a slow phone the portal's script arrives after that
 * moment (decision 0022), and its evaluation would hold up the moment's timer: so on such a page the
 * portal waits until the moment is due, and starts only if the page is still here (a browser that
 * reports no paint, a script that did not run). The page leaves once: the inline script marks #root
 * as it leaves, and the portal either finds that mark and stays out, or takes the leave over (its
 * machine, told how long the page has shown, leaves at once).
 */
import { OWN_LEAVE } from './attributes';
import { shownFor } from './shown-for';

/**
 * The inline script's body: runs before the portal's, so it is self-contained (no imports, nothing
 * of this module's scope). Its moment is #root's attribute: the ms after the first paint.
 */
export function leaveOnItsOwn(url: string, own: typeof OWN_LEAVE): void {
  const root = document.getElementById('root');
  if (!root || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return;
  const after = Number(root.getAttribute(own.attribute));
  const leave = () => {
    if (!root.hasAttribute(own.attribute)) return; // the portal took it over
    root.setAttribute(own.attribute, own.left);
    // A redirect: Back returns to the page before, not to this one, which would only leave again.
    location.replace(url);
  };
  new PerformanceObserver((entries, observer) => {
    const [paint] = entries.getEntriesByName('first-contentful-paint');
    if (!paint) return;
    observer.disconnect();
    setTimeout(leave, after - (performance.now() - paint.startTime));
  }).observe({ type: 'paint', buffered: true });
}

/** The inline script for a page that leaves for `url` (`<` escaped: it sits in a <script> element). */
export const ownLeaveScript = (url: string): string =>
  `(${leaveOnItsOwn.toString()})(${`${JSON.stringify(url)},${JSON.stringify(OWN_LEAVE)}`.replaceAll('<', '\\u003c')});`;

/** Runs `start` (the portal) at once, or on a page that leaves on its own once its moment is due and only if it has not left. */
export function whenOwnLeaveIsDue(root: Element, start: () => void): void {
  const moment = root.getAttribute(OWN_LEAVE.attribute);
  if (moment === null) return start();
  const stillHere = () => root.getAttribute(OWN_LEAVE.attribute) !== OWN_LEAVE.left;
  setTimeout(() => stillHere() && start(), Number(moment) - (shownFor() ?? 0));
}

/**
 * The portal, about to tell the machine the page's address: false when the page has left on its
 * own (the portal must not start: its machine would leave a second time); otherwise the leave is the
 * machine's from now on.
 */
export function takeOverOwnLeave(root: Element | null): boolean {
  if (root?.getAttribute(OWN_LEAVE.attribute) === OWN_LEAVE.left) return false;
  root?.removeAttribute(OWN_LEAVE.attribute);
  return true;
}
