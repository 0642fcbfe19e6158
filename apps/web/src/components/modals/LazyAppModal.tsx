import { lazy, Suspense, useState } from 'react';
import type { AppModalProps } from './AppModal';

const AppModal = lazy(async () => ({ default: (await import('./AppModal')).AppModal }));

/**
 * AppModal for pages that must load light (the public signing pages): Mantine's modal, with its scroll
 * area, focus trap and positioning code, is fetched when the dialog first opens, not with the page.
 * Once opened it stays mounted so that it can animate out.
 */
export function LazyAppModal(props: AppModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppModal {...props} />
    </Suspense>
  );
}
