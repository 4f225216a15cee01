import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type NotificationDataByKind, type NotificationDto, type NotificationKind } from '@runik/contract';
import { notificationOf } from '../../testing/notification-fixtures';
import { describeNotification, isKnownKind, kindsOf, NOTIFICATION_GROUPS } from './notification-wording';

const NONE = { infantry: 0, archers: 0, cavalry: 0 };
const NO_ARMY = { infantry: 0, archers: 0, cavalries: 0 };
const NO_LOOT = { wheat: 0, lumber: 0, stone: 0, ore: 0 };

/** One sample of every kind (the compiler asks for a new kind here), with its inbox line. */
const SAMPLES: { [K in NotificationKind]: [NotificationDataByKind[K], string] } = {
  attacked: [
    { battleId: 1, attacker: 'bob', winner: 'attacker', dead: NONE, injured: NONE, loot: NO_LOOT },
    'bob raided your city: you lost no troops.',
  ],
  'attack-resolved': [
    { battleId: 2, defender: 'eve', winner: 'attacker', dead: { ...NONE, archers: 1 }, injured: NONE, loot: { ...NO_LOOT, ore: 1234.125 } },
    'Your raid on eve won: you lost 1 archer; you brought home 1,234.12 ore.',
  ],
  'deposit-credited': [{ depositId: 1, amount: 10, transactionId: 't' }, 'Your deposit of 10 RUNIK is credited to your city.'],
  'withdrawal-sent': [
    { withdrawalId: 1, amount: 2.5, transactionId: 't' },
    'Your withdrawal of 2.500 RUNIK reached your Hive Engine wallet as RNK.',
  ],
  'withdrawal-refunded': [
    { withdrawalId: 1, amount: 4, reason: 'Hive Engine refused the transfer' },
    'Your withdrawal of 4 RUNIK could not be sent (Hive Engine refused the transfer): the RUNIK is back in your city.',
  ],
  'registration-confirmed': [
    { registrationId: 1, transactionId: 't', paid: 3 },
    'Your registration payment of 3.000 SWAP.HIVE is confirmed: your account is active.',
  ],
  'pack-purchase-confirmed': [
    { purchaseId: 1, packCount: 1, price: 5, transactionId: 't' },
    'Your payment of 5.000 SWAP.HIVE for 1 pack is confirmed: it is ready to open.',
  ],
  'shop-purchase-confirmed': [
    { purchaseId: 1, itemName: 'Gold Chest', price: 8, transactionId: 't' },
    'Your payment of 8.000 SWAP.HIVE for Gold Chest is confirmed: its rewards are in your city.',
  ],
  'listing-sold': [
    { listingId: 1, gearName: 'Axe', buyer: 'dan', price: 12000, fee: 1, tax: 0.5, received: 11998.5 },
    'dan bought your Axe for 12,000 RUNIK: you received 11,998.500 RUNIK (listing fee 1, tax 0.500).',
  ],
  'alliance-join-request': [{ allianceId: 1, allianceName: 'Wolves', applicant: 'fay' }, 'fay asks to join Wolves.'],
  'alliance-request-accepted': [{ allianceId: 1, allianceName: 'Wolves' }, 'Your request to join Wolves was accepted: welcome aboard.'],
  'alliance-request-rejected': [{ allianceId: 1, allianceName: 'Wolves' }, 'Your request to join Wolves was declined.'],
  'alliance-kicked': [{ allianceId: 1, allianceName: 'Wolves' }, 'You were removed from Wolves.'],
  'alliance-new-member': [{ allianceId: 1, allianceName: 'Wolves', member: 'gus' }, 'gus joined Wolves.'],
  'alliance-disbanded': [{ allianceId: 1, allianceName: 'Wolves' }, 'Wolves was disbanded.'],
  'alliance-mention': [
    { allianceId: 1, messageId: 9, author: 'bob', text: '@alice hold the pass' },
    'bob mentioned you in the alliance chat: “@alice hold the pass”',
  ],
  'rally-created': [
    { rallyId: 1, leader: 'hal', launchAt: '2026-05-01T13:00:00.000Z' },
    'hal called a rally on the throne: it marches May 1, 2026, 13:00 UTC.',
  ],
  'rally-joined': [
    { rallyId: 1, member: 'ivy', troops: { infantry: 1200, archers: 0, cavalries: 40 } },
    'ivy joined your rally with 1,200 infantry and 40 cavalry.',
  ],
  'rally-launched': [
    { rallyId: 1, battleId: 8, winner: 'defender', dead: { ...NO_ARMY, cavalries: 2 }, injured: NO_ARMY },
    'Your rally marched on the throne and was beaten back: you lost 2 cavalry.',
  ],
  'throne-voting-opened': [
    { warId: 1, warDate: '2026-05-02', votingClosesAt: '2026-05-01T18:00:00.000Z' },
    'Leaders vote for the battle time of the May 2, 2026 Throne War until May 1, 2026, 18:00 UTC.',
  ],
  'throne-voting-closed': [
    { warId: 1, warDate: '2026-05-02', battleStartsAt: '2026-05-02T14:00:00.000Z' },
    'The battle of the May 2, 2026 Throne War starts May 2, 2026, 14:00 UTC.',
  ],
  'throne-battle-started': [
    { warId: 1, warDate: '2026-05-02', battleEndsAt: '2026-05-02T16:00:00.000Z' },
    'The Throne War battle has begun: the throne may be fought for until May 2, 2026, 16:00 UTC.',
  ],
  'throne-taken': [{ warId: 1, battleId: 9, from: 'Bears' }, 'Your alliance took the throne from Bears.'],
  'throne-lost': [{ warId: 1, battleId: 9, to: 'Bears' }, 'Your alliance lost the throne to Bears.'],
  'throne-rewards': [{ warId: 1, levels: 2 }, 'Your alliance won the Throne War: every building of yours rose 2 levels.'],
  'boss-defeated': [
    { floor: 1, damage: 1500.5, share: 0.5 },
    'The floor 1 boss of the Abyssal Citadel fell: you dealt 1,500,500 damage and earned 0.500 RUNIK.',
  ],
  'quest-completed': [
    { questId: 'harvest', title: 'Harvest your city', daily: true },
    'Daily quest complete: Harvest your city. Claim its reward on the city screen.',
  ],
};

describe('notification wording', () => {
  it.each(NOTIFICATION_KINDS)('words %s from its data, with a short toast', (kind) => {
    const [data, text] = SAMPLES[kind];
    const wording = describeNotification(notificationOf(kind, data as never));
    expect(wording.text).toBe(text);
    expect(wording.toast.length).toBeGreaterThan(0);
    expect(wording.toast.length).toBeLessThan(60);
  });

  it.each([
    [{ ...NONE, archers: 1 }, { ...NONE, archers: 2 }, 'you lost 1 archer (2 archers wounded)'],
    [{ infantry: 1, archers: 3, cavalry: 1 }, NONE, 'you lost 1 infantry, 3 archers, and 1 cavalry'],
  ])('names one unit in the singular and more in the plural: %j dead, %j wounded', (dead, injured, losses) => {
    const data = { battleId: 1, attacker: 'bob', winner: 'defender' as const, dead, injured, loot: NO_LOOT };
    expect(describeNotification(notificationOf('attacked', data)).text).toBe(`You drove off bob's raid on your city: ${losses}.`);
  });

  it('names one throne unit in the singular too', () => {
    const data = { rallyId: 1, member: 'ivy', troops: { infantry: 0, archers: 1, cavalries: 0 } };
    expect(describeNotification(notificationOf('rally-joined', data)).text).toBe('ivy joined your rally with 1 archer.');
  });

  it('words a kind this build does not know (a newer server) as a generic line with no link', () => {
    const unknown = {
      ...notificationOf('alliance-kicked', { allianceId: 1, allianceName: 'Wolves' }),
      kind: 'season-ended',
      data: { season: 3 },
    } as unknown as NotificationDto;
    expect(describeNotification(unknown)).toEqual({
      text: 'Something happened in your realm.',
      toast: 'Something happened in your realm',
      link: null,
    });
    expect(isKnownKind('season-ended')).toBe(false);
    // Not fooled by what every object has.
    expect(isKnownKind('toString')).toBe(false);
    expect(isKnownKind('attacked')).toBe(true);
  });

  it('links battles to their reports', () => {
    expect(describeNotification(notificationOf('throne-lost', SAMPLES['throne-lost'][0])).link).toEqual({
      to: '/battles/throne/9',
      label: 'Battle report',
    });
  });

  it('puts every kind in exactly one filter group', () => {
    const grouped = NOTIFICATION_GROUPS.flatMap(({ key }) => kindsOf(key));
    expect([...grouped].sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });
});
