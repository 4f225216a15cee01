import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface Tab<K extends string> {
  key: K;
  label: string;
  panel: () => ReactNode;
  /** Kept mounted (hidden) once opened, so its state survives a look at another tab; otherwise unmounted on leaving. */
  keep?: boolean;
}

interface TabsProps<K extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly Tab<K>[];
}

/**
 * A row of tabs over their panels (WAI-ARIA tabs pattern, arrow keys move between tabs). The first
 * tab opens first; a panel is mounted only once opened, so a tab never opened costs no request.
 */
export function Tabs<K extends string>({ label, tabs }: TabsProps<K>) {
  const id = useId();
  const [active, setActive] = useState<K>(tabs[0].key);
  const [kept, setKept] = useState<ReadonlySet<K>>(() => new Set([active]));
  const mounted = (tab: Tab<K>) => tab.key === active || (tab.keep === true && kept.has(tab.key));

  const open = (key: K) => {
    setActive(key);
    setKept((previous) => (previous.has(key) ? previous : new Set([...previous, key])));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(tabs.findIndex((tab) => tab.key === active) + step + tabs.length) % tabs.length].key;
    open(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            id={`${id}-tab-${tab.key}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab.key === active}
            // aria-controls may only name a panel that is in the page.
            aria-controls={mounted(tab) ? `${id}-panel-${tab.key}` : undefined}
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => open(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.filter(mounted).map((tab) => (
        <div
          key={tab.key}
          id={`${id}-panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== active}
        >
          {tab.panel()}
        </div>
      ))}
    </>
  );
}
