import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { registerAppModals } from './modals';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

registerAppModals();

/**
 * Providers and the router. The modal host is rendered by the root route (AppRoot) so that modals
 * can navigate.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-right" />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
