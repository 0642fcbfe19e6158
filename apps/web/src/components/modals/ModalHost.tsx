import { Suspense } from 'react';
import { modalComponent } from './registry';
import { modalStore, useModalEntries } from './store';

/** Renders every open (or closing) modal with its registered component. Mount once, inside the router. */
export function ModalHost() {
  const entries = useModalEntries();
  return entries.map((entry) => {
    const Component = modalComponent(entry.name);
    if (!Component) {
      console.error(`No modal is registered under the name "${entry.name}".`);
      return null;
    }
    return (
      <Suspense key={entry.key} fallback={null}>
        <Component
          props={entry.props as never}
          opened={entry.opened}
          close={() => modalStore.close(entry.name)}
        />
      </Suspense>
    );
  });
}
