import { lazy, Suspense, useState, type ReactNode } from 'react';
import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFeedbackChannel } from './api';

// The form loads only when someone opens it.
const FeedbackModal = lazy(() => import('./FeedbackModal').then((m) => ({ default: m.FeedbackModal })));

/**
 * The navigation's "Send feedback" (SPEC §2.5): a form when the operator takes feedback by e-mail, a
 * link to their page when they have one, nothing otherwise. Decided by the server's run-time
 * configuration, not at build time. `wrap` places the item (its navigation group).
 */
export function FeedbackNavItem({ icon, wrap }: { icon: ReactNode; wrap: (item: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const channel = useFeedbackChannel();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that a closed form keeps its draft and animates out.
  const [used, setUsed] = useState(false);
  if (!channel) return null;
  if (channel.kind === 'link') {
    return wrap(
      <NavLink
        href={channel.url}
        target="_blank"
        rel="noopener noreferrer"
        label={t('nav.feedback')}
        aria-label={`${t('nav.feedback')} (${t('feedback.opensInNewTab')})`}
        leftSection={icon}
      />,
    );
  }
  return (
    <>
      {wrap(
        <NavLink
          component="button"
          type="button"
          label={t('nav.feedback')}
          leftSection={icon}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
          aria-haspopup="dialog"
        />,
      )}
      {used && (
        <Suspense fallback={null}>
          <FeedbackModal opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
