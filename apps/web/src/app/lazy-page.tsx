import { lazy, useState, type ComponentType } from 'react';
import { StatePanel } from '../ui/StatePanel';

export interface LazyPage {
  Page: ComponentType;
  /** Loads the page's chunk ahead of its first visit. */
  preload(): Promise<unknown>;
}

function PageNotLoaded() {
  return (
    <StatePanel error onRetry={() => window.location.reload()} retryLabel="Reload">
      This screen could not be loaded. Check your connection, then reload the game.
    </StatePanel>
  );
}

/**
 * A page loaded on first visit: each screen, with its icons and animations, is a chunk of its own, so the
 * app's initial JavaScript stays within its budget (scripts/bundle-size.mjs) however many screens there are.
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = async () => (loaded ??= (await load())[name]);
  const Lazy = lazy(async () => {
    try {
      return { default: await preload() };
    } catch {
      // Offline, or a deploy replaced the chunks this page was built with: only a reload finds them.
      return { default: PageNotLoaded };
    }
  });
  function Page() {
    // A page already loaded renders at once, without its loading state; chosen once per mount, so the page
    // is not remounted when its chunk arrives.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Page, preload };
}
