import type { ReactElement } from 'react';
import { Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Available soon" tooltip for entries whose feature is not built yet (shown on hover and focus). */
export function SoonTooltip({ children }: { children: ReactElement }) {
  const { t } = useTranslation();
  return (
    <Tooltip
      label={t('nav.availableSoon')}
      position="right"
      events={{ hover: true, focus: true, touch: true }}
    >
      {children}
    </Tooltip>
  );
}

/** The same note for screen readers, inside the entry's name. */
export function SoonNote() {
  const { t } = useTranslation();
  return <VisuallyHidden> ({t('nav.availableSoon')})</VisuallyHidden>;
}
