import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@runik/contract';
import { COMMUNITY_CHAT_URL, HOW_TO_PLAY_URL } from './links';
import { NAVBAR_SCREENS } from '../../shared/screens';
import { SOUND_PREFERENCE_KEY } from '../../shared/sound';
import { toastTexts } from '../../testing/dialogs';
import { installFakeApi } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { currentLocation, renderApp } from '../../testing/render';

const NAV_LABELS = ['City', 'Attack', 'Alliance', 'Gears', 'Marketplace', 'Leaderboard', 'Territories', 'Blacksmith'];

describe('navigation bar for a visitor', () => {
  it('hides the game links and offers Game Links with How to Play and the Credits only', async () => {
    const { user } = renderApp(AppRoutes.authentication);

    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Attack' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /runik/i })).toHaveAttribute('href', AppRoutes.city);

    await user.click(screen.getByRole('button', { name: 'Game Links' }));
    const dropdown = screen.getByTestId('account-dropdown');
    const howToPlay = within(dropdown).getByRole('link', { name: 'How to Play' });
    expect(howToPlay).toHaveAttribute('href', HOW_TO_PLAY_URL);
    expect(howToPlay).toHaveAttribute('target', '_blank');
    expect(howToPlay.getAttribute('rel')).toContain('noopener');
    expect(within(dropdown).getByRole('link', { name: 'Credits' })).toHaveAttribute('href', AppRoutes.credits);
    expect(within(dropdown).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('navigation bar for a player', () => {
  beforeEach(() => logInAs('alice'));

  it('shows the eight game links and the username button', () => {
    renderApp(AppRoutes.city);

    const mainNavigation = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(mainNavigation).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(NAV_LABELS);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(NAVBAR_SCREENS.map((screen) => screen.path));
    expect(screen.getByRole('button', { name: 'alice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Game Links' })).not.toBeInTheDocument();
  });

  it('follows a game link', async () => {
    const { user } = renderApp(AppRoutes.city);
    await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Gears' }));
    expect(currentLocation()).toBe(AppRoutes.gears);
    expect(screen.getByRole('heading', { name: 'Gears' })).toBeInTheDocument();
  });

  it('opens and closes the dropdown with the username button, and closes it on Escape', async () => {
    const { user } = renderApp(AppRoutes.city);
    const toggle = screen.getByRole('button', { name: 'alice' });

    await user.click(toggle);
    const dropdown = screen.getByTestId('account-dropdown');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(dropdown).getByRole('link', { name: 'How to Play' })).toHaveAttribute('href', HOW_TO_PLAY_URL);
    expect(within(dropdown).getByRole('link', { name: 'Credits' })).toHaveAttribute('href', AppRoutes.credits);
    const chat = within(dropdown).getByRole('link', { name: 'Community Chat' });
    expect(chat).toHaveAttribute('href', COMMUNITY_CHAT_URL);
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
    for (const item of ['Referral Link', 'Referred Players', 'Logout']) {
      expect(within(dropdown).getByRole('button', { name: item })).toBeInTheDocument();
    }

    await user.click(toggle);
    expect(screen.queryByTestId('account-dropdown')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('account-dropdown')).not.toBeInTheDocument();

    await user.click(toggle);
    await user.click(screen.getByRole('heading', { name: 'City' }));
    expect(screen.queryByTestId('account-dropdown')).not.toBeInTheDocument();
  });

  it('offers Sound effects off on a first visit, and remembers the choice once turned on', async () => {
    localStorage.removeItem(SOUND_PREFERENCE_KEY);
    const { user } = renderApp(AppRoutes.city);
    const toggle = screen.getByRole('button', { name: 'alice' });
    await user.click(toggle);
    expect(within(screen.getByTestId('account-dropdown')).getByRole('button', { name: 'Sound effects' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Sound effects' }));
    expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBe('on');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Sound effects' })).toHaveAttribute('aria-pressed', 'true');
    localStorage.removeItem(SOUND_PREFERENCE_KEY);
  });

  it('toggles the mobile menu with the hamburger and closes it when a link is followed', async () => {
    const { user } = renderApp(AppRoutes.city);
    const hamburger = screen.getByRole('button', { name: 'Toggle menu' });
    expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument();

    await user.click(hamburger);
    const mobileMenu = screen.getByRole('navigation', { name: 'Mobile navigation' });
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(mobileMenu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(NAV_LABELS);

    await user.click(hamburger);
    expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument();

    await user.click(hamburger);
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile navigation' })).getByRole('link', { name: 'Alliance' }));
    expect(currentLocation()).toBe(AppRoutes.alliance);
    expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument();
  });

  it('copies the referral link and says so in a toast', async () => {
    const { user } = renderApp(AppRoutes.city);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'alice' }));
    await user.click(screen.getByRole('button', { name: 'Referral Link' }));

    await waitFor(() => expect(toastTexts('info')).toEqual(['Referral Link Copied to your Clipboard!']));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/authentication?ref=alice`);
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/authentication?ref=alice`);
    expect(screen.queryByTestId('account-dropdown')).not.toBeInTheDocument();
  });

  it('says so in an error toast when the clipboard refuses the referral link', async () => {
    const { user } = renderApp(AppRoutes.city);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'alice' }));
    await user.click(screen.getByRole('button', { name: 'Referral Link' }));

    await waitFor(() => expect(toastTexts()).toEqual(['Failed to copy referral link. Please try again.']));
    expect(toastTexts('error')).toHaveLength(1);
  });

  it('opens the Referred Players modal and closes the dropdown', async () => {
    installFakeApi();
    const { user } = renderApp(AppRoutes.city);

    await user.click(screen.getByRole('button', { name: 'alice' }));
    await user.click(screen.getByRole('button', { name: 'Referred Players' }));

    expect(screen.getByRole('dialog', { name: 'Referred Players' })).toBeInTheDocument();
    expect(screen.queryByTestId('account-dropdown')).not.toBeInTheDocument();
  });
});
