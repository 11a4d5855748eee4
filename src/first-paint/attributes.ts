/** The attributes of #root on a prerendered page (written by scripts/prerender.ts, read by the entry). */

/** Names the route the page was rendered for: the browser hydrates that route's first paint. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
/** The chunk files (space-separated paths) the portal and the first paint need: fetched at once after the first paint. */
export const FIRST_PAINT_CHUNKS_ATTRIBUTE = 'data-first-paint-chunks';
/**
 * On a page that leaves on its own (src/first-paint/own-leave.ts): the ms after its first paint at
 * which it leaves, then `left` once its inline script has; removed when the portal takes the leave over.
 */
export const OWN_LEAVE = { attribute: 'data-own-leave', left: 'left' } as const;
/** The id of the hidden notice a prerendered page carries beside #root (src/shell/load-failure.tsx). */
export const LOAD_FAILURE_ID = 'load-failure';
