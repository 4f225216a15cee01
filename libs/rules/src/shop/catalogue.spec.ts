import { rewardTexts, SHOP_CATALOGUE, shopItem } from './catalogue';

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
    expect(rewardTexts(shopItem('Starter Bundle')!.reward)).toEqual(['200 RUNIK', '2,000 Wheat', '2,000 Lumber', '2,000 Stone', '2,000 Ore']);
    expect(rewardTexts(shopItem("Commander's Blade")!.reward)).toEqual(['Epic Cavalry Gear Lv.1']);
  });
});
