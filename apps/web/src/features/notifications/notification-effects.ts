import type { QueryKey } from '@tanstack/react-query';
import type { NotificationKind } from '@runik/contract';
import {
  cityKeys,
  paymentKeys,
  gearKeys,
  allianceKeys,
  attackKeys,
  citadelKeys,
  tradingKeys,
  packKeys,
  questKeys,
  shopKeys,
  throneKeys,
} from '../../shared/query-keys';

type Keys = (username: string) => QueryKey[];

const battle: Keys = (username) => [cityKeys.city(username), attackKeys.all];
const membership: Keys = () => [allianceKeys.all, throneKeys.all];
const throne: Keys = () => [throneKeys.all];

/**
 * What each notification changes on the screens: their queries are reloaded when it arrives (the
 * mounted ones at once, the others when next shown).
 */
export const AFFECTED_QUERIES: Record<NotificationKind, Keys> = {
  attacked: battle,
  'attack-resolved': battle,
  'deposit-credited': (username) => [
    cityKeys.city(username),
    cityKeys.depositStatus(username),
    cityKeys.rnkBalance(username),
    paymentKeys.history(username),
  ],
  'withdrawal-sent': (username) => [cityKeys.withdrawStatus(username), cityKeys.rnkBalance(username)],
  'withdrawal-refunded': (username) => [cityKeys.city(username), cityKeys.withdrawStatus(username)],
  'registration-confirmed': () => [],
  'pack-purchase-confirmed': (username) => [packKeys.all, paymentKeys.history(username)],
  'shop-purchase-confirmed': (username) => [cityKeys.city(username), shopKeys.all, gearKeys.all, paymentKeys.history(username)],
  'listing-sold': (username) => [cityKeys.city(username), tradingKeys.all, gearKeys.all],
  'alliance-join-request': () => [allianceKeys.all],
  'alliance-request-accepted': membership,
  'alliance-request-rejected': () => [allianceKeys.all],
  'alliance-kicked': membership,
  'alliance-new-member': () => [allianceKeys.all],
  'alliance-disbanded': membership,
  'alliance-mention': () => [],
  'rally-created': throne,
  'rally-joined': throne,
  'rally-launched': (username) => [throneKeys.all, cityKeys.city(username), attackKeys.army(username)],
  'throne-voting-opened': throne,
  'throne-voting-closed': throne,
  'throne-battle-started': throne,
  'throne-taken': throne,
  'throne-lost': throne,
  'throne-rewards': (username) => [throneKeys.all, cityKeys.city(username)],
  'boss-defeated': (username) => [citadelKeys.all, cityKeys.city(username)],
  'quest-completed': () => [questKeys.all],
};
