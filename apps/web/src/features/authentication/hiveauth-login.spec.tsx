import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, AppRoutes, ErrorMessages } from '@runik/contract';
import { UserFacingError } from '../../shared/errors';
import { installFakeApi, type FakeApi } from '../../testing/fake-api';
import { challengeFor, notRegisteredResponse, sessionFor } from '../../testing/fixtures';
import { currentLocation, renderApp } from '../../testing/render';
import type { HiveAuthWait } from '../../wallet/hiveauth';
import { WALLET_STORAGE_KEY } from '../../wallet/wallet-choice';
import { HIVESIGNER_REGISTRATION_NOTE } from './hivesigner/hivesigner-login';

/** The HiveAuth client is replaced: the test plays the wallet (the real protocol runs in apps/e2e). */
const hiveAuth = vi.hoisted(() => ({
  sign: vi.fn<
    (url: string, account: string, message: string, onWait: (wait: HiveAuthWait) => void, signal: AbortSignal) => Promise<string>
  >(),
}));
vi.mock('../../wallet/hiveauth', () => ({ signWithHiveAuth: hiveAuth.sign }));

const LINK = 'has://auth_req/eyJhY2NvdW50IjoiYWxpY2UifQ==';

async function chooseHiveAuthAndLogin(username: string) {
  const rendered = renderApp(AppRoutes.authentication);
  await rendered.user.type(screen.getByLabelText('Hive username'), username);
  await rendered.user.click(screen.getByRole('radio', { name: 'HiveAuth' }));
  await rendered.user.click(screen.getByRole('button', { name: 'Login' }));
  return rendered;
}

describe('login through HiveAuth', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    hiveAuth.sign.mockReset();
  });

  it('shows the QR code, the deep link and the time left, then verifies the signature with the spec payload', async () => {
    const challenge = challengeFor('alice');
    const session = sessionFor('alice');
    api
      .on('GET', ApiRoutes.loginChallenge('alice'), { status: 200, data: challenge })
      .on('POST', ApiRoutes.verifyLogin, { status: 200, data: session });
    let approve: (signature: string) => void = () => undefined;
    hiveAuth.sign.mockImplementation((_url, _account, _message, onWait) => {
      onWait({ link: LINK, expire: Date.now() + 60_000 });
      return new Promise<string>((resolve) => (approve = resolve));
    });

    await chooseHiveAuthAndLogin('alice');

    expect(await screen.findByRole('link', { name: 'Open in your HiveAuth wallet' })).toHaveAttribute('href', LINK);
    expect(await screen.findByRole('img', { name: /HiveAuth QR code/ })).toBeInTheDocument();
    expect(screen.getByText(/expires in (59|60) s/)).toBeInTheDocument();
    expect(hiveAuth.sign).toHaveBeenCalledWith(
      'ws://127.0.0.1:3001/hiveauth',
      'alice',
      challenge.message,
      expect.any(Function),
      expect.any(AbortSignal),
    );

    approve('1f'.padEnd(130, 'a'));
    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(currentLocation()).toBe(AppRoutes.city);
    expect(api.callsTo(ApiRoutes.verifyLogin)[0].body).toEqual({
      hiveUsername: 'alice',
      challenge: challenge.challenge,
      signature: '1f'.padEnd(130, 'a'),
      timestamp: challenge.timestamp,
    });
    expect(localStorage.getItem(WALLET_STORAGE_KEY)).toBe('hiveauth');
  });

  it("shows the wallet's refusal and the expiry as messages, and Cancel stops the wait", async () => {
    api.on('GET', ApiRoutes.loginChallenge('alice'), { status: 200, data: challengeFor('alice') });
    hiveAuth.sign.mockRejectedValueOnce(new UserFacingError('The HiveAuth request expired before your wallet answered. Please try again.'));
    const rendered = await chooseHiveAuthAndLogin('alice');
    expect(await screen.findByRole('alert')).toHaveTextContent('The HiveAuth request expired before your wallet answered');

    hiveAuth.sign.mockImplementationOnce((_url, _account, _message, onWait, signal) => {
      onWait({ link: LINK, expire: Date.now() + 60_000 });
      return new Promise<string>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new UserFacingError('HiveAuth login cancelled'))),
      );
    });
    await rendered.user.click(screen.getByRole('button', { name: 'Login' }));
    await rendered.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('HiveAuth login cancelled');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open in your HiveAuth wallet' })).not.toBeInTheDocument());
    expect(api.callsTo(ApiRoutes.verifyLogin)).toHaveLength(0);
  });

  it('preselects the wallet chosen last time', () => {
    localStorage.setItem(WALLET_STORAGE_KEY, 'hiveauth');
    renderApp(AppRoutes.authentication);
    expect(screen.getByRole('radio', { name: 'HiveAuth' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Hive Keychain' })).not.toBeChecked();
  });
});

describe('free registration through HiveAuth', () => {
  const PLAYER = 'newbie';
  let api: FakeApi;
  beforeEach(() => {
    hiveAuth.sign.mockReset();
    api = installFakeApi()
      .on('GET', ApiRoutes.loginChallenge(PLAYER), notRegisteredResponse(PLAYER))
      .on('GET', ApiRoutes.hiveBalance(PLAYER), { status: 200, data: { balance: '0' } })
      .on('GET', ApiRoutes.hivePrice, { status: 200, data: { feeInHive: '12.5' } });
  });

  /** A HiveAuth login of a name without an account lands on the activation view, HiveAuth chosen for the free registration. */
  async function openActivation() {
    const rendered = renderApp(`${AppRoutes.authentication}?ref=bob`);
    await rendered.user.type(screen.getByLabelText('Hive username'), PLAYER);
    await rendered.user.click(screen.getByRole('radio', { name: 'HiveAuth' }));
    await rendered.user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('button', { name: 'Register for Free' });
    return rendered;
  }

  it('signs a new challenge through the same wait as the login, and sends the spec payload to free-registration', async () => {
    const challenge = challengeFor(PLAYER);
    api
      .on('GET', ApiRoutes.loginChallenge(PLAYER), { status: 404, data: { error: ErrorMessages.userNotRegistered, ...challenge } })
      .on('POST', ApiRoutes.freeRegistration, { status: 200, data: sessionFor(PLAYER) });
    let approve: (signature: string) => void = () => undefined;
    hiveAuth.sign.mockImplementation((_url, _account, _message, onWait) => {
      onWait({ link: LINK, expire: Date.now() + 60_000 });
      return new Promise<string>((resolve) => (approve = resolve));
    });
    const { user } = await openActivation();
    // Not asked at login: the name had no account, so nothing was signed yet.
    expect(hiveAuth.sign).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'HiveAuth' })).toBeChecked();
    expect(screen.getByText(HIVESIGNER_REGISTRATION_NOTE)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Register for Free' }));

    expect(await screen.findByRole('link', { name: 'Open in your HiveAuth wallet' })).toHaveAttribute('href', LINK);
    expect(await screen.findByRole('img', { name: /HiveAuth QR code/ })).toBeInTheDocument();
    expect(screen.getByText(/expires in (59|60) s/)).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.loginChallenge(PLAYER))).toHaveLength(2);
    expect(hiveAuth.sign).toHaveBeenCalledWith(
      'ws://127.0.0.1:3001/hiveauth',
      PLAYER,
      challenge.message,
      expect.any(Function),
      expect.any(AbortSignal),
    );

    approve('1f'.padEnd(130, 'b'));
    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.freeRegistration)[0].body).toEqual({
      hiveUsername: PLAYER,
      challenge: challenge.challenge,
      signature: '1f'.padEnd(130, 'b'),
      timestamp: challenge.timestamp,
      referrer: 'bob',
    });
    expect(localStorage.getItem(WALLET_STORAGE_KEY)).toBe('hiveauth');
  });

  it("Cancel stops the wait and registers nothing; the server's refusal of a signature shows as it says", async () => {
    api.on('POST', ApiRoutes.freeRegistration, { status: 401, data: { error: ErrorMessages.signatureInvalid } });
    hiveAuth.sign.mockImplementationOnce((_url, _account, _message, onWait, signal) => {
      onWait({ link: LINK, expire: Date.now() + 60_000 });
      return new Promise<string>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new UserFacingError('HiveAuth login cancelled'))),
      );
    });
    const { user } = await openActivation();

    await user.click(screen.getByRole('button', { name: 'Register for Free' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('HiveAuth login cancelled');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open in your HiveAuth wallet' })).not.toBeInTheDocument());
    expect(api.callsTo(ApiRoutes.freeRegistration)).toHaveLength(0);

    hiveAuth.sign.mockResolvedValueOnce('1f'.padEnd(130, 'c'));
    await user.click(screen.getByRole('button', { name: 'Register for Free' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ErrorMessages.signatureInvalid);
    expect(api.callsTo(ApiRoutes.freeRegistration)).toHaveLength(1);
    expect(currentLocation()).toBe(`${AppRoutes.authentication}?ref=bob`);
  });
});
