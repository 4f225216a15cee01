import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@runik/contract';
import { currentLocation, renderWithProviders } from '../../testing/render';
import { TerritoriesPage } from './TerritoriesPage';

const tile = (slug: string) => screen.getByTestId(`tile-${slug}`);

describe('the Territories hub', () => {
  it('shows a title and four tiles: Abyssal Citadel, Throne Wars and two Coming Soon', () => {
    renderWithProviders(<TerritoriesPage />, AppRoutes.territories);
    expect(screen.getByRole('heading', { level: 1, name: 'Territories' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Abyssal Citadel',
      'Throne Wars',
      'Coming Soon',
      'Coming Soon',
    ]);
    expect(screen.getByRole('listitem', { name: 'Abyssal Citadel' })).toBe(tile('abyssalcitadel'));
    expect(screen.getByRole('listitem', { name: 'Throne Wars' })).toBe(tile('thronewars'));
  });

  it('gives the two open territories an enabled Enter button', () => {
    renderWithProviders(<TerritoriesPage />, AppRoutes.territories);
    expect(within(tile('abyssalcitadel')).getByRole('button', { name: 'Enter' })).toBeEnabled();
    expect(within(tile('thronewars')).getByRole('button', { name: 'Enter' })).toBeEnabled();
    expect(screen.getAllByRole('button', { name: 'Enter' })).toHaveLength(2);
  });

  it.each([
    ['abyssalcitadel', AppRoutes.abyssalcitadel],
    ['thronewars', AppRoutes.thronewars],
  ])('Enter on %s goes to %s', async (slug, path) => {
    const { user } = renderWithProviders(<TerritoriesPage />, AppRoutes.territories);
    await user.click(within(tile(slug)).getByRole('button', { name: 'Enter' }));
    expect(currentLocation()).toBe(path);
  });

  it('gives each Coming Soon tile a disabled Soon button that goes nowhere', async () => {
    const { user } = renderWithProviders(<TerritoriesPage />, AppRoutes.territories);
    for (const slug of ['coming-soon-1', 'coming-soon-2']) {
      expect(within(tile(slug)).getByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
      const soon = within(tile(slug)).getByRole('button', { name: 'Soon' });
      expect(soon).toBeDisabled();
      await user.click(soon);
      expect(within(tile(slug)).queryByRole('button', { name: 'Enter' })).not.toBeInTheDocument();
    }
    expect(currentLocation()).toBe(AppRoutes.territories);
  });
});
