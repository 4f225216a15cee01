import { AppRoutes } from '@runik/contract';

export interface TerritoryTile {
  /** Names the tile's test id (`tile-<slug>`). */
  slug: string;
  title: string;
  text: string;
  /** A coming territory's teaser, under its art (issue 50). */
  teaser?: string;
  /** Where Enter goes; null for a territory that is not open yet (its button reads Soon, disabled). */
  to: string | null;
}

/** The hub's four tiles, in the spec's order (section 2). */
export const TERRITORY_TILES: readonly TerritoryTile[] = [
  {
    slug: 'abyssalcitadel',
    title: 'Abyssal Citadel',
    text: 'Descend floor by floor and strike the bosses; rewards follow your share of the damage.',
    to: AppRoutes.abyssalcitadel,
  },
  {
    slug: 'thronewars',
    title: 'Throne Wars',
    text: 'Rally your alliance, take the throne and hold it until full control.',
    to: AppRoutes.thronewars,
  },
  {
    slug: 'coming-soon-1',
    title: 'Coming Soon',
    text: 'A new territory is being charted.',
    teaser: 'Scouts speak of frozen peaks beyond the northern pass, and of fires that never go out.',
    to: null,
  },
  {
    slug: 'coming-soon-2',
    title: 'Coming Soon',
    text: 'A new territory is being charted.',
    teaser: 'Something stirs beneath the sunken marshes; the fog there has started to move.',
    to: null,
  },
];
