import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll } from 'vitest';
import { AppRouter, preloadPages } from '../app/AppRouter';
import { createQueryClient } from '../shared/query-client';
import { ConfirmProvider } from '../ui/ConfirmDialog';
import { ToastStack } from '../ui/Toasts';

// The app loads each page on its first visit; a test finds the page's content right after renderApp.
beforeAll(preloadPages);

function LocationDisplay() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders `ui` with the query client, a memory router at `path` and a readable location. */
function renderInRouter(ui: ReactElement, path: string) {
  const queryClient = createQueryClient();
  // Retries would only slow the failure cases down.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationDisplay />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, queryClient };
}

/** Renders `ui` (a screen) with the app's providers, the shell's toasts and confirmations among them, at `path`. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  return renderInRouter(
    <ToastStack>
      <ConfirmProvider>{ui}</ConfirmProvider>
    </ToastStack>,
    path,
  );
}

/** The whole app (routes, guards, shell with its toasts and confirmations) at `path`. */
export function renderApp(path: string) {
  return renderInRouter(<AppRouter />, path);
}

export function currentLocation(): string | null {
  return screen.getByTestId('location').textContent;
}
