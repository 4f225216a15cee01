import { AppRoutes } from '@runik/contract';
import OpenTreasureChest from '~icons/game-icons/open-treasure-chest';
import Shop from '~icons/game-icons/shop';
import Trade from '~icons/game-icons/trade';
import type { IconComponent } from '../../ui/icons/GameIcon';

export interface MarketplaceEntry {
  key: string;
  title: string;
  text: string;
  /** The link's text; each is distinct so a screen reader's link list tells them apart. */
  action: string;
  to: string;
  icon: IconComponent;
}

/** The hub's three entries, in the spec's order (section 2). */
export const MARKETPLACE_ENTRIES: readonly MarketplaceEntry[] = [
  {
    key: 'packs',
    title: 'Packs',
    text: 'Buy gear packs with RUNIK or SWAP.HIVE and reveal what they hold.',
    action: 'Open Packs',
    to: AppRoutes.packs,
    icon: OpenTreasureChest,
  },
  {
    key: 'shop',
    title: 'Shop',
    text: 'Spend SWAP.HIVE on bundles of RUNIK, resources, troops and gear.',
    action: 'Open Shop',
    to: AppRoutes.syncshop,
    icon: Shop,
  },
  {
    key: 'trading',
    title: 'Gear Trading',
    text: 'Buy gear from other players, or list your own for RUNIK.',
    action: 'Open Gear Trading',
    to: AppRoutes.p2p,
    icon: Trade,
  },
];
