import { listingFee, saleSplit } from './trading';

describe('trading money', () => {
  it.each([
    { price: 1, fee: 10, seller: 0, tax: 1 },
    { price: 9, fee: 10, seller: 8, tax: 1 },
    { price: 10, fee: 10, seller: 9, tax: 1 },
    { price: 499, fee: 10, seller: 479, tax: 20 },
    { price: 500, fee: 10, seller: 480, tax: 20 },
    { price: 501, fee: 11, seller: 480, tax: 21 },
    { price: 10_000, fee: 200, seller: 9600, tax: 400 },
    { price: 1_000_000_000, fee: 20_000_000, seller: 960_000_000, tax: 40_000_000 },
  ])('price $price: fee $fee, seller $seller, tax $tax', ({ price, fee, seller, tax }) => {
    expect(listingFee(price)).toBe(fee * 1000);
    const split = saleSplit(price);
    expect(split).toEqual({ seller: seller * 1000, tax: tax * 1000 });
    expect(split.seller + split.tax).toBe(price * 1000);
  });
});
