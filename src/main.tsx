/**
 * The entry: loads and starts the portal (./boot). A prerendered page paints from its HTML alone,
 * and its script only takes it over, so there the portal is fetched once the page has painted: the
 * first paint never waits for the download, and a simulated slow load (Lighthouse's) cannot count
 * the portal's script before it. The chunks the first paint shows are fetched alongside.
 */
import { afterFirstPaint } from './first-paint/after-first-paint';
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_CHUNKS_ATTRIBUTE } from './first-paint/attributes';

function start(chunks: string[]) {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('./boot').then(({ boot }) => boot());
}

const root = document.getElementById('root');
if (root?.hasAttribute(FIRST_PAINT_ATTRIBUTE)) {
  const chunks = (root.getAttribute(FIRST_PAINT_CHUNKS_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
  afterFirstPaint(() => start(chunks));
} else {
  start([]);
}
