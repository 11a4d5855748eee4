/** The attributes of #root on a prerendered page (written by scripts/prerender.ts, read by the entry). */

/** Names the route the page was rendered for: the browser hydrates that route's first paint. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
/** The chunk files (space-separated paths) the first paint shows: fetched with the portal's own script. */
export const FIRST_PAINT_CHUNKS_ATTRIBUTE = 'data-first-paint-chunks';
