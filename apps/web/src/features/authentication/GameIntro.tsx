import Anvil from '~icons/game-icons/anvil-impact';
import Castle from '~icons/game-icons/castle';
import CrossedSwords from '~icons/game-icons/crossed-swords';
import DragonHead from '~icons/game-icons/spiked-dragon-head';
import RuneStone from '~icons/game-icons/rune-stone';
import ShakingHands from '~icons/game-icons/shaking-hands';
import ThroneKing from '~icons/game-icons/throne-king';
import { GameIcon, type IconComponent } from '../../ui/icons/GameIcon';

/** What a newcomer does in the game, one line each, in the order they meet it. */
const GAME_PILLARS: readonly { icon: IconComponent; text: string }[] = [
  { icon: Castle, text: 'Build your city: the Farm, Lumber Mill, Quarry and Mine bring in wheat, lumber, stone and ore.' },
  { icon: CrossedSwords, text: 'Train infantry, archers and cavalry, and raid other cities for their resources.' },
  { icon: ShakingHands, text: 'Join an alliance and defend each other.' },
  { icon: Anvil, text: 'Open packs of gear and forge it stronger at the Blacksmith.' },
  { icon: DragonHead, text: 'Fight the bosses of the Abyssal Citadel alongside other players.' },
  { icon: ThroneKing, text: 'Rally your alliance to take and hold the throne in the Throne Wars.' },
  { icon: RuneStone, text: 'Earn RUNIK, the game currency, and withdraw it to your Hive Engine wallet as RNK.' },
];

/** The login page's word to visitors: what Runik is, before they sign in with their Hive account. */
export function GameIntro() {
  return (
    <section className="game-intro" aria-labelledby="game-intro-title">
      <h2 id="game-intro-title" className="game-intro__title">
        Build a city, raise an army, take the throne
      </h2>
      <p className="game-intro__lead">Runik is a strategy game played in the browser with your Hive account.</p>
      <ul className="game-intro__pillars">
        {GAME_PILLARS.map(({ icon, text }) => (
          <li key={text} className="game-intro__pillar">
            <GameIcon icon={icon} className="game-intro__icon" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
