import { rnkValueOfSwapHive } from '../money/runik-value';
import { rewardTexts, SHOP_CATALOGUE, shopItem, shopRewardRunikValue } from './catalogue';

describe('shop catalogue', () => {
  it('names each item once, prices it in SWAP.HIVE thousandths and grants something', () => {
    expect(new Set(SHOP_CATALOGUE.map((item) => item.name)).size).toBe(SHOP_CATALOGUE.length);
    for (const item of SHOP_CATALOGUE) {
      expect(Number.isInteger(item.price) && item.price > 0).toBe(true);
      expect(rewardTexts(item.reward).length).toBeGreaterThan(0);
    }
  });

  it('lists rewards as text', () => {
    expect(rewardTexts(shopItem('War Chest')!.reward)).toEqual(['1,000 Infantry', '500 Archers', '200 Cavalry']);
    expect(rewardTexts(shopItem('Starter Bundle')!.reward)).toEqual([
      '10.000 RUNIK',
      '500.00 Wheat',
      '500.00 Lumber',
      '500.00 Stone',
      '500.00 Ore',
    ]);
    expect(rewardTexts(shopItem("Commander's Blade")!.reward)).toEqual(['Epic Cavalry Gear Lv.1']);
  });

  it('never mints withdrawable RUNIK below the RNK a purchase brings in (issue 18)', () => {
    for (const item of SHOP_CATALOGUE) expect(shopRewardRunikValue(item.reward)).toBeLessThanOrEqual(rnkValueOfSwapHive(item.price));
    // The RUNIK Pouch: 5.000 SWAP.HIVE is 50 RNK at the reference rate, and it grants 50 RUNIK.
    expect(shopRewardRunikValue(shopItem('RUNIK Pouch')!.reward)).toBe(rnkValueOfSwapHive(shopItem('RUNIK Pouch')!.price));
    // Resources count at the conversion rates: 600 of each is 3 + 3.75 + 4.616 + 6 RUNIK, rounded up.
    expect(shopRewardRunikValue(shopItem('Resource Crate')!.reward)).toBe(17_366);
  });
});
