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

/** The faces the game ships (apps/web/src/ui/theme.css); the OFL asks that the licence go with them. */
const FONT_CREDITS = [
  { name: 'Cinzel', use: 'titles', author: 'The Cinzel Project Authors', site: 'https://github.com/NDISCOVER/Cinzel' },
  { name: 'Inter', use: 'text', author: 'The Inter Project Authors', site: 'https://github.com/rsms/inter' },
  {
    name: 'JetBrains Mono',
    use: 'seeds',
    author: 'The JetBrains Mono Project Authors',
    site: 'https://github.com/JetBrains/JetBrainsMono',
  },
] as const;
const FONT_LICENCE = { name: 'SIL Open Font License 1.1', url: 'https://openfontlicense.org' } as const;

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
      <p data-testid="drawn-credit">
        The scenes (battles, the pack reveal, the alliance, territories, blacksmith, market and citadel pictures) are drawn for the game in
        its own code, and its sounds are synthesised in the browser: neither comes from elsewhere. The bosses&apos; names and lore are the
        game&apos;s own.
      </p>
      <h2 className="credits__heading">Fonts</h2>
      <p data-testid="font-credit">
        {FONT_CREDITS.map(({ name, use, author, site }) => (
          <span key={name}>
            <a href={site} target="_blank" rel="noopener noreferrer">
              {name}
            </a>{' '}
            ({use}) by {author};{' '}
          </span>
        ))}
        all used under the{' '}
        <a href={FONT_LICENCE.url} target="_blank" rel="noopener noreferrer">
          {FONT_LICENCE.name}
        </a>
        , and bundled with the game, not fetched from elsewhere.
      </p>
    </section>
  );
}
