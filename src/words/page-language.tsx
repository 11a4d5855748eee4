/**
 * Keeps `<html lang>` on the machine's language, so every page says what language it is in, and the
 * language cookie on it, so the next page load is served prerendered in it (server/http/pages.ts). A
 * session cookie, like the choice it carries (the machine's snapshot lives for the session too).
 */
import { useEffect } from 'react';
import { LANGUAGE_COOKIE } from '../../contract/index.ts';
import { selectLanguage } from '../../machines/index.ts';
import { usePortalSelector } from '../portal/portal-context';

export function PageLanguage() {
  const language = usePortalSelector(selectLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Lax${secure}`;
  }, [language]);
  return null;
}
