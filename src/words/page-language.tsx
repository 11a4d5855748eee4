/** Keeps `<html lang>` on the machine's language, so every page says what language it is in. */
import { useEffect } from 'react';
import { selectLanguage } from '../../machines/index.ts';
import { usePortalSelector } from '../portal/portal-context';

export function PageLanguage() {
  const language = usePortalSelector(selectLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return null;
}
