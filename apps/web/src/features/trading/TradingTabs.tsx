import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ListItemTab } from './ListItemTab';
import { MarketplaceTab } from './MarketplaceTab';
import { MyListingsTab } from './MyListingsTab';
import type { TradeContext } from './use-trade-action';

const TABS = [
  { key: 'marketplace', label: 'Marketplace' },
  { key: 'mine', label: 'My Listings' },
  { key: 'list', label: 'List Item' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * The three tabs. A panel is mounted when first opened and then kept (hidden), so the
 * filters, the page and a half-filled listing survive a look at another tab, and a tab
 * never opened costs no request.
 */
export function TradingTabs({ context }: { context: TradeContext }) {
  const id = useId();
  const [tab, setTab] = useState<TabKey>('marketplace');
  const [opened, setOpened] = useState<ReadonlySet<TabKey>>(() => new Set([tab]));

  const open = (key: TabKey) => {
    setTab(key);
    setOpened((previous) => (previous.has(key) ? previous : new Set([...previous, key])));
  };

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = TABS[(TABS.findIndex((entry) => entry.key === tab) + step + TABS.length) % TABS.length].key;
    open(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  const panels: Record<TabKey, () => ReactNode> = {
    marketplace: () => <MarketplaceTab context={context} />,
    mine: () => <MyListingsTab context={context} />,
    list: () => <ListItemTab context={context} />,
  };

  return (
    <>
      <div className="trading-tabs" role="tablist" aria-label="Gear Marketplace" onKeyDown={onKeyDown}>
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            id={`${id}-tab-${key}`}
            type="button"
            role="tab"
            className="trading-tabs__tab"
            aria-selected={tab === key}
            aria-controls={opened.has(key) ? `${id}-panel-${key}` : undefined}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => open(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {TABS.filter(({ key }) => opened.has(key)).map(({ key }) => (
        <div key={key} id={`${id}-panel-${key}`} role="tabpanel" aria-labelledby={`${id}-tab-${key}`} hidden={tab !== key} className="trading-panel">
          {panels[key]()}
        </div>
      ))}
    </>
  );
}
