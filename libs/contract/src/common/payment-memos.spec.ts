import { packPaymentMemo, parsePackPaymentMemo } from '../packs/packs.contract';
import { parseShopPaymentMemo, shopPaymentMemo } from '../shop/shop.contract';

describe('payment memos read back by the chain follower', () => {
  it('reads a pack memo back, and only for a count that is sold', () => {
    expect(parsePackPaymentMemo(packPaymentMemo('alice', 1))).toEqual({ username: 'alice', packCount: 1 });
    expect(parsePackPaymentMemo(packPaymentMemo('alice', 10))).toEqual({ username: 'alice', packCount: 10 });
    for (const memo of [
      'runik-packs:alice:3',
      'runik-packs:alice:',
      'runik-packs::1',
      'runik-packs',
      'runik-shop:alice:1',
      'runik-packs:alice:1:x',
    ]) {
      expect(parsePackPaymentMemo(memo)).toBeNull();
    }
  });

  it('reads a shop memo back, with the item name whole', () => {
    expect(parseShopPaymentMemo(shopPaymentMemo('bob', "Commander's Blade"))).toEqual({ username: 'bob', itemName: "Commander's Blade" });
    expect(parseShopPaymentMemo('runik-shop:bob:a:b')).toEqual({ username: 'bob', itemName: 'a:b' });
    for (const memo of ['runik-shop:bob:', 'runik-shop::Pouch', 'runik-shop', 'runik-packs:bob:1'])
      expect(parseShopPaymentMemo(memo)).toBeNull();
  });
});
