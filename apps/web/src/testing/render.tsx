import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRouter } from '../app/AppRouter';
import { createQueryClient } from '../app/query-client';

function LocationDisplay() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders `ui` with the app's providers, a memory router at `path` and a readable location. */
export function renderWithProviders(ui: ReactElement, path = '/') {
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

/** The whole app (routes, guards, shell) at `path`. */
export function renderApp(path: string) {
  return renderWithProviders(<AppRouter />, path);
}

export function currentLocation(): string | null {
  return screen.getByTestId('location').textContent;
}
