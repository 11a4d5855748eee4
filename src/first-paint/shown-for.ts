/**
 * How long a prerendered page has been on screen: since the browser's first-contentful-paint entry.
 * The portal runs only after that paint (src/main.tsx), so the machine's delays would otherwise count
 * from a moment the customer never saw (decision 0022). Undefined for a page the script rendered, or
 * one that has not painted (a hidden tab): the delay then counts from now.
 */
import { FIRST_PAINT_ATTRIBUTE } from './attributes';

export function shownFor(): number | undefined {
  if (!document.getElementById('root')?.hasAttribute(FIRST_PAINT_ATTRIBUTE)) return undefined;
  const [paint] = performance.getEntriesByName('first-contentful-paint');
  return paint ? Math.max(0, performance.now() - paint.startTime) : undefined;
}
