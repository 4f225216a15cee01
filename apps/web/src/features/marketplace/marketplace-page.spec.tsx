import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@runik/contract';
import { currentLocation, renderWithProviders } from '../../testing/render';
import { MarketplacePage } from './MarketplacePage';

const entry = (key: string) => screen.getByTestId(`marketplace-${key}`);

describe('the Marketplace hub', () => {
  it('offers Packs, the shop and Gear Trading, each with a title, a line of text and a link to its screen', () => {
    renderWithProviders(<MarketplacePage />, AppRoutes.marketplace);
    expect(screen.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeInTheDocument();
    // Each title opens with its (decorative) icon and a space.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.trim())).toEqual([
      'Packs',
      'Shop',
      'Gear Trading',
    ]);

    const expected = [
      ['packs', 'Open Packs', '/packs'],
      ['shop', 'Open Shop', '/syncshop'],
      ['trading', 'Open Gear Trading', '/p2p'],
    ];
    for (const [key, name, href] of expected) {
      expect(within(entry(key)).getByRole('link', { name })).toHaveAttribute('href', href);
      expect(within(entry(key)).getByRole('paragraph')).not.toBeEmptyDOMElement();
    }
  });

  it.each([
    ['Open Packs', AppRoutes.packs],
    ['Open Shop', AppRoutes.syncshop],
    ['Open Gear Trading', AppRoutes.p2p],
  ])('%s goes to %s', async (name, path) => {
    const { user } = renderWithProviders(<MarketplacePage />, AppRoutes.marketplace);
    await user.click(screen.getByRole('link', { name }));
    expect(currentLocation()).toBe(path);
  });
});
