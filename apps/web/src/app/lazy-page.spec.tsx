import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function renderPage(Page: ComponentType) {
  return render(
    <Suspense fallback={<p>Loading...</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('shows the page once its chunk has loaded', async () => {
    const { Page } = lazyPage(async () => ({ HelloPage: () => <h1>Hello</h1> }), 'HelloPage');
    renderPage(Page);
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
  });

  it('offers a reload when the chunk cannot be loaded (offline, or replaced by a deploy)', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { Page } = lazyPage<'GonePage'>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'GonePage');
    renderPage(Page);
    expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
