/**
 * The Emotion cache of the portal. The page's CSP lets in the prerendered <style> elements by their
 * hashes and, beside them, only an empty one (decision 0030): so the styles the portal adds while the
 * visitor moves through the wizard go in as Emotion's "speedy" sheets do, rules inserted through the
 * CSSOM into an empty <style>, which a CSP does not govern. Speedy is set here rather than left to
 * the build mode, since the CSP depends on it. The key is the one the prerendered styles were written
 * with, so the cache adopts them instead of inserting them again.
 */
import createCache, { type EmotionCache } from '@emotion/cache';

export const STYLE_CACHE_KEY = 'css';

export const createStyleCache = (): EmotionCache => createCache({ key: STYLE_CACHE_KEY, speedy: true });
