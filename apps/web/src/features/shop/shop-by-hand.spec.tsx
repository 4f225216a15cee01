import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes } from '@runik/contract';
import { GAME_ACCOUNT } from '../../shared/config';
import { advance } from '../../testing/city-fixtures';
import { notificationOf } from '../../testing/notification-fixtures';
import { CREATE_URL, openShop, PLAYER, purchaseStatus, RESOURCE_CRATE, statusShown } from './shop-fixtures';
import { shopItemTestId } from './shop-messages';

const ID = 64;

describe('Shop: paying for an item by hand (issue 49)', () => {
  it("shows the item's transfer with its memo, then its rewards once the chain follower's purchase is pushed", async () => {
    vi.useFakeTimers();
    const { api, push } = await openShop();
    const testId = `${shopItemTestId(RESOURCE_CRATE.name)}-by-hand`;
    fireEvent.click(screen.getByTestId(`${testId}-toggle`));
    const byHand = screen.getByTestId(testId);
    expect(within(byHand).getByTestId(`${testId}-recipient`)).toHaveTextContent(GAME_ACCOUNT);
    expect(within(byHand).getByTestId(`${testId}-amount`)).toHaveTextContent(/^2\.000$/);
    expect(within(byHand).getByTestId(`${testId}-token`)).toHaveTextContent(/^SWAP\.HIVE$/);
    expect(within(byHand).getByTestId(`${testId}-memo`)).toHaveTextContent(`runik-shop:${PLAYER}:${RESOURCE_CRATE.name}`);
    fireEvent.click(within(byHand).getByRole('button', { name: "I've sent it" }));
    expect(within(byHand).getByTestId('payment-steps')).toHaveAttribute('data-step', 'sent');
    // One payment at a time: every Buy waits.
    for (const buy of screen.getAllByRole('button', { name: 'Buy' })) expect(buy).toBeDisabled();

    api.on('GET', ApiRoutes.shopPurchaseStatus(ID), { status: 200, data: purchaseStatus(ID, 'confirmed') });
    expect(
      push(
        notificationOf('shop-purchase-confirmed', {
          purchaseId: ID,
          itemName: RESOURCE_CRATE.name,
          price: 2,
          transactionId: 'd'.repeat(40),
        }),
      ),
    ).toBe(true);
    await advance(0);
    await advance(0);
    expect(within(byHand).getByTestId('payment-steps')).toHaveAttribute('data-step', 'credited');
    expect(statusShown()).toContain('Resource Crate');
    expect(api.callsTo(CREATE_URL)).toHaveLength(0);
  });
});
