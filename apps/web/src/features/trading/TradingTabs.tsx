import { Tabs } from '../../ui/Tabs';
import { ListItemTab } from './ListItemTab';
import { MarketplaceTab } from './MarketplaceTab';
import { MyListingsTab } from './MyListingsTab';
import type { TradeContext } from './use-trade-action';

/**
 * The three tabs. Each panel is kept once opened, so the filters, the page and a half-filled
 * listing survive a look at another tab.
 */
export function TradingTabs({ context }: { context: TradeContext }) {
  return (
    <Tabs
      label="Gear Marketplace"
      tabs={[
        { key: 'marketplace', label: 'Marketplace', panel: () => <MarketplaceTab context={context} />, keep: true },
        { key: 'mine', label: 'My Listings', panel: () => <MyListingsTab context={context} />, keep: true },
        { key: 'list', label: 'List Item', panel: () => <ListItemTab context={context} />, keep: true },
      ]}
    />
  );
}
