import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './skip-link.css';

/** The id of the element that holds each page's own content (the target of the skip link). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first thing a keyboard user reaches on every page (WCAG 2.4.1): hidden until focused, it moves
 * focus past the header and navigation to the page's content.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(MAIN_CONTENT_ID);
    if (!target) return;
    // Focus the content without a fragment navigation, which the router would treat as a new page.
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="sinetti-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {t('skipToContent')}
    </a>
  );
}
