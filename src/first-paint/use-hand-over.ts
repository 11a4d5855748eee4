/**
 * The first paint's part of a hydrated page, until the page is handed to the live actor: `firstPaint`
 * for the hydration render (it must match the prerendered markup), then `undefined` from a render
 * right after. That render is a transition, so React renders the live portal in short slices
 * instead of one long task that would hold up a tap; the page keeps showing the first paint
 * meanwhile. At build time (the prerender) the first paint is all there is.
 */
import { startTransition, useEffect, useState } from 'react';
import type { FirstPaint } from './first-paint';

export function useHandOver(firstPaint: FirstPaint | undefined): FirstPaint | undefined {
  const [painting, setPainting] = useState(firstPaint);
  useEffect(() => {
    startTransition(() => setPainting(undefined));
  }, []);
  return painting;
}
