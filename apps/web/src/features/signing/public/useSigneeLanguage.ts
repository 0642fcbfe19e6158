import { useEffect } from 'react';
import type { Language } from '@sinetti/contract';
import { changeLanguage, currentLanguage, isLanguage } from '../../../lib/i18n';
import { useSearchParam } from '../../../lib/page-navigation';
import { pickedPublicLanguage } from '../../../lib/public-language';
import { browserLanguage } from '../lib/browser';

/**
 * The language of a signee's public page (issues #12, #31): a `lang` query parameter, else the one the
 * visitor picked with the pages' switch, else the signee's language from the server (the one the sender
 * chose, or the one they last signed in), else the browser's. Applied as soon as the server answered
 * (`known`), before anything is shown: while it returns false, show the loader.
 */
export function useSigneeLanguage(known: boolean, signeeLang: Language | undefined): boolean {
  const query = useSearchParam('lang');
  const wanted: Language = isLanguage(query)
    ? query
    : (pickedPublicLanguage() ?? signeeLang ?? browserLanguage());
  const ready = !known || wanted === currentLanguage();
  useEffect(() => {
    if (known && wanted !== currentLanguage()) void changeLanguage(wanted);
  }, [known, wanted]);
  return ready;
}
