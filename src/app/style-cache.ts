/**
 * The Emotion cache of the portal. Its <style> elements carry the nonce the service gave this page
 * (a `<meta property="csp-nonce">` it fills in per response, read through the element's `nonce`
 * property since browsers hide the attribute), so the CSP can allow the page's own styles without
 * 'unsafe-inline'. The key is the one the prerendered styles were written with, so the cache adopts
 * them instead of inserting them again.
 */
import createCache, { type EmotionCache } from '@emotion/cache';

export const STYLE_CACHE_KEY = 'css';

export const createStyleCache = (nonce?: string): EmotionCache => createCache({ key: STYLE_CACHE_KEY, nonce });

/** The nonce of the page's styles, when the page was served with one. */
export function pageNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || undefined;
}
