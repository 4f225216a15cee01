import ElvenCastle from '~icons/game-icons/elven-castle';
import MountedKnight from '~icons/game-icons/mounted-knight';
import SpikedDragonHead from '~icons/game-icons/spiked-dragon-head';
import WolfHead from '~icons/game-icons/wolf-head';
import ThroneKing from '~icons/game-icons/throne-king';
import { GameIcon } from '../../ui/icons/GameIcon';
import './credits.css';

/** Where the art comes from and under which licence (CC BY 3.0 asks for the credit, the licence and changes made). */
const ICON_CREDIT = {
  site: 'https://game-icons.net',
  authors: 'Lorc, Delapouite and contributors',
  licence: 'Creative Commons Attribution 3.0 (CC BY 3.0)',
  licenceUrl: 'https://creativecommons.org/licenses/by/3.0/',
} as const;

/** Credits, open to visitors and players alike (linked beside How to Play in the account menu). */
export function CreditsPage() {
  return (
    <section className="credits panel" aria-labelledby="credits-title">
      <h1 id="credits-title" className="credits__title">
        Credits
      </h1>
      <h2 className="credits__heading">Art</h2>
      <p className="credits__samples" aria-hidden="true">
        {/* A few drawings only: the page does not load every icon family for its samples. */}
        {[ElvenCastle, MountedKnight, SpikedDragonHead, WolfHead, ThroneKing].map((icon, index) => (
          <GameIcon key={index} icon={icon} />
        ))}
      </p>
      <p data-testid="icon-credit">
        The game&apos;s icons (resources, buildings, troops, gear, bosses, alliance emblems, the throne and the trophies) are from{' '}
        <a href={ICON_CREDIT.site} target="_blank" rel="noopener noreferrer">
          game-icons.net
        </a>
        , by {ICON_CREDIT.authors}, used under the{' '}
        <a href={ICON_CREDIT.licenceUrl} target="_blank" rel="noopener noreferrer">
          {ICON_CREDIT.licence}
        </a>{' '}
        licence. They are recoloured, resized and framed here; they are bundled with the game, not fetched from that site.
      </p>
    </section>
  );
}
