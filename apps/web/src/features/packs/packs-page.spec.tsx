import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settle } from '../../testing/city-fixtures';
import { installFakeApi } from '../../testing/fake-api';
import { ApiRoutes } from '@runik/contract';
import {
  buyButton,
  gear,
  INFO_URL,
  NO_PENDING,
  openingDialog,
  opened,
  openPacks,
  packInfo,
  renderPacks,
  revealedCards,
} from './packs-fixtures';

describe('Pack store: the page', () => {
  it('asks to log in, and loads nothing, without a session', async () => {
    const api = installFakeApi();
    renderPacks();
    expect(screen.getByRole('heading', { level: 1, name: 'Pack Store' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to access the pack store.')).toBeInTheDocument();
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('shows the prices, RUNIK as is and SWAP.HIVE with three decimals, single and bulk of 10', async () => {
    await openPacks({ info: packInfo({ prices: { runik: { single: 10, bulk: 95.5 }, hive: { single: 1.25, bulk: 12 } } }) });
    expect(screen.getByTestId('runik-offers-single-price')).toHaveTextContent(/^10 RUNIK$/);
    expect(screen.getByTestId('runik-offers-bulk-price')).toHaveTextContent(/^95\.500 RUNIK$/);
    expect(screen.getByTestId('hive-offers-single-price')).toHaveTextContent(/^1\.250 SWAP\.HIVE$/);
    expect(screen.getByTestId('hive-offers-bulk-price')).toHaveTextContent(/^12\.000 SWAP\.HIVE$/);
    for (const name of ['Buy 1 Pack (RUNIK)', 'Buy 10 Packs (RUNIK)', 'Buy 1 Pack (SWAP.HIVE)', 'Buy 10 Packs (SWAP.HIVE)']) {
      expect(buyButton(name)).toBeEnabled();
    }
  });

  it('shows the balances, the tier and the packs bought with each currency', async () => {
    await openPacks({
      info: packInfo({ userRunikPackCount: 17, userHivePackCount: 3, tier: 3, balance: { runik: 250.25, hive: 0.1239 } }),
    });
    expect(screen.getByTestId('runik-balance')).toHaveTextContent(/^250\.250$/);
    // A balance is never rounded up.
    expect(screen.getByTestId('hive-balance')).toHaveTextContent(/^0\.123$/);
    expect(screen.getByTestId('pack-tier')).toHaveTextContent(/^3$/);
    expect(screen.getByTestId('runik-pack-count')).toHaveTextContent(/^17$/);
    expect(screen.getByTestId('hive-pack-count')).toHaveTextContent(/^3$/);
  });

  it('disables each purchase the player cannot afford, and says why', async () => {
    await openPacks({
      info: packInfo({ canAfford: { runik: { single: true, bulk: false }, hive: { single: false, bulk: false } } }),
    });
    expect(buyButton('Buy 1 Pack (RUNIK)')).toBeEnabled();
    expect(buyButton('Buy 10 Packs (RUNIK)')).toBeDisabled();
    expect(buyButton('Buy 1 Pack (SWAP.HIVE)')).toBeDisabled();
    expect(buyButton('Buy 10 Packs (SWAP.HIVE)')).toBeDisabled();
    expect(within(screen.getByTestId('runik-offers')).getAllByText('Not enough RUNIK')).toHaveLength(1);
    expect(within(screen.getByTestId('hive-offers')).getAllByText('Not enough SWAP.HIVE')).toHaveLength(2);
  });

  it('shows the spec message when the pack info fails, and Retry loads it again', async () => {
    const { api } = await openPacks({ info: { status: 500, data: { error: 'Database unavailable' } } });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch pack info');
    expect(screen.queryByRole('button', { name: /^Buy / })).not.toBeInTheDocument();

    api.on('GET', INFO_URL, { status: 200, data: packInfo() });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Buy 1 Pack (RUNIK)' })).toBeEnabled();
    expect(screen.queryByText('Failed to fetch pack info')).not.toBeInTheDocument();
  });

  it('lists the odds of a pack (spec section 9)', async () => {
    await openPacks();
    const odds = screen.getByTestId('pack-odds');
    expect(odds).toHaveTextContent('mayor67%');
    expect(odds).toHaveTextContent('commander33%');
    expect(odds).toHaveTextContent('common80%rare13%epic5.9%legendary0.9%mythical0.2%');
  });

  it('offers to open purchases confirmed but never opened, and opens each once', async () => {
    const { api } = await openPacks({ pending: { ...NO_PENDING, unopenedPurchaseIds: [41, 42] } });
    api.on('POST', ApiRoutes.packOpen(41), { status: 200, data: opened(41, [gear(7)]) });
    api.on('POST', ApiRoutes.packOpen(42), { status: 200, data: opened(42, [gear(8), gear(9)]) });
    expect(screen.getByTestId('unopened-packs')).toHaveTextContent('You have 2 purchases of packs not opened yet.');
    fireEvent.click(within(screen.getByTestId('unopened-packs')).getByRole('button', { name: 'Open Packs' }));
    await within(openingDialog()).findByText(/Rolled from seed/);
    fireEvent.click(within(openingDialog()).getByRole('button', { name: 'Skip' }));
    expect(revealedCards()).toHaveLength(1);
    expect(api.callsTo(ApiRoutes.packOpen(41))).toHaveLength(1);
    expect(api.callsTo(ApiRoutes.packOpen(42))).toHaveLength(1);
  });
});
