import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@runik/contract';
import { logInAs } from '../../testing/fixtures';
import { currentLocation, renderApp } from '../../testing/render';

async function expectIconCredit() {
  const credit = await screen.findByTestId('icon-credit');
  expect(credit).toHaveTextContent('by Lorc, Delapouite and contributors');
  expect(within(credit).getByRole('link', { name: 'game-icons.net' })).toHaveAttribute('href', 'https://game-icons.net');
  expect(within(credit).getByRole('link', { name: /CC BY 3\.0/ })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/3.0/');
}

async function expectFontCredit() {
  const credit = await screen.findByTestId('font-credit');
  expect(credit).toHaveTextContent(
    'Cinzel (titles) by The Cinzel Project Authors; Inter (text) by The Inter Project Authors; JetBrains Mono (seeds) by The JetBrains Mono Project Authors; all used under the SIL Open Font License 1.1',
  );
  expect(within(credit).getByRole('link', { name: 'SIL Open Font License 1.1' })).toHaveAttribute('href', 'https://openfontlicense.org');
}

describe('the Credits page', () => {
  it('is one click from How to Play for a visitor, and credits the icons under CC BY 3.0', async () => {
    const { user } = renderApp(AppRoutes.authentication);
    await user.click(screen.getByRole('button', { name: 'Game Links' }));
    await user.click(within(screen.getByTestId('account-dropdown')).getByRole('link', { name: 'Credits' }));

    expect(currentLocation()).toBe(AppRoutes.credits);
    expect(screen.getByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument();
    await expectIconCredit();
    await expectFontCredit();
  });

  it('stays open to a logged-in player', async () => {
    logInAs('alice');
    renderApp(AppRoutes.credits);
    await expectIconCredit();
    expect(currentLocation()).toBe(AppRoutes.credits);
    expect(screen.getByRole('button', { name: 'alice' })).toBeInTheDocument();
  });
});
