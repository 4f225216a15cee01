import type { CityResponse } from '@runik/contract';
import { seededRandom, SeededRandom } from '@runik/rules';
import { pastNewcomerShield } from '../../apps/e2e/src/support/attack';
import { CityPlayer, newCityPlayer, newPaidCityPlayer } from '../../apps/e2e/src/support/city';
import type { Stack } from '../../apps/e2e/src/support/stack';
import { faucet } from './chain';

/**
 * Who plays. RUNIK reaches players two ways, both the game's own: real RNK deposits through
 * hive-sim (whales and depositors), and the ledger's minting paths, harvest and conversion of the
 * starting resources (miners). Nothing is written to the database directly, but the players'
 * registration, moved back past the newcomer shield so that they may raid each other at once.
 *
 * - whale: paid account, 60,000 RNK from hive-sim's faucet, deposits tens of thousands: pays the
 *   alliance fees (creation 25,000, expansions), buys on the market and in bulk.
 * - depositor: deposits a few hundred of the 1,000 RNK every hive-sim account starts with; half paid.
 * - miner: no deposit; one in five paid (so may trade and withdraw what it converted).
 */
export type Kind = 'whale' | 'depositor' | 'miner';

export interface Bot {
  index: number;
  kind: Kind;
  /** Activated by paying the fee on hive-sim: may trade and withdraw. */
  paid: boolean;
  player: CityPlayer;
  random: SeededRandom;
  /** The city as last read (any call that returns resources updates them). */
  city: CityResponse | null;
  /** Real deposits this bot made: chain tx id and the amount it claimed. */
  deposits: { txId: string; amount: string }[];
  /** When the last deposit was sent (ms), for the 60 s cooldown. */
  lastDepositAt: number;
  /** The bot's alliance as it last saw it. */
  alliance: { leader: boolean } | null;
}

export const WHALE_RNK = '60000.000';

export function kindsFor(players: number): Kind[] {
  const whales = Math.max(1, Math.round(players * 0.05));
  const depositors = Math.max(1, Math.round(players * 0.35));
  return Array.from({ length: players }, (_, index) => (index < whales ? 'whale' : index < whales + depositors ? 'depositor' : 'miner'));
}

function isPaid(kind: Kind, index: number): boolean {
  return kind === 'whale' || (kind === 'depositor' && index % 2 === 0) || (kind === 'miner' && index % 5 === 0);
}

/** Registers every player through the api (free, or paid on hive-sim and confirmed by the worker), a few at a time. */
export async function registerBots(stack: Stack, players: number, seed: number, concurrency = 8): Promise<Bot[]> {
  const kinds = kindsFor(players);
  const bots: Bot[] = new Array(players);
  let next = 0;
  const registrar = async () => {
    while (next < players) {
      const index = next++;
      const kind = kinds[index];
      const paid = isPaid(kind, index);
      const player = paid ? await newPaidCityPlayer(stack, 'sp') : await newCityPlayer(stack, 'sf');
      player.api.defaults.timeout = 30_000;
      if (kind === 'whale') await faucet(stack.simUrl, player.username, 'RNK', WHALE_RNK);
      bots[index] = {
        index,
        kind,
        paid,
        player,
        random: seededRandom(seed + index),
        city: null,
        deposits: [],
        lastDepositAt: 0,
        alliance: null,
      };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, registrar));
  await pastNewcomerShield(stack, ...bots.map((bot) => bot.player));
  return bots;
}
