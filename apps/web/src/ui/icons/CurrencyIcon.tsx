import RuneStone from '~icons/game-icons/rune-stone';
import Beehive from '~icons/game-icons/beehive';
import { GameIcon, type GameIconProps, type IconComponent } from './GameIcon';

export type Currency = 'RUNIK' | 'SWAP.HIVE';

/** The game's token and the Hive Engine token it is bought with. */
export const CURRENCY_ICONS: Record<Currency, IconComponent> = { RUNIK: RuneStone, 'SWAP.HIVE': Beehive };

export function CurrencyIcon({ currency, ...props }: GameIconProps & { currency: Currency }) {
  return <GameIcon icon={CURRENCY_ICONS[currency]} {...props} />;
}
