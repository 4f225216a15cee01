import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { getSession } from '../../api/session-storage';
import { installFakeApi, never, type FakeApi } from '../../testing/fake-api';
import { FAKE_SIGNATURE, installFakeKeychain } from '../../testing/fake-keychain';
import { acceptLogin, challengeFor, notRegisteredResponse, sessionFor } from '../../testing/fixtures';
import { currentLocation, renderApp } from '../../testing/render';

async function submitLogin(username: string, path: string = AppRoutes.authentication) {
  const rendered = renderApp(path);
  if (username) await rendered.user.type(screen.getByLabelText('Hive username'), username);
  await rendered.user.click(screen.getByRole('button', { name: 'Login' }));
  return rendered;
}

describe('login', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });

  it('tells a visitor what the game is beside the unchanged login form', () => {
    renderApp(AppRoutes.authentication);
    const intro = screen.getByRole('region', { name: 'Build a city, raise an army, take the throne' });
    const pillars = within(intro)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    for (const topic of [/city/, /raid/, /alliance/, /gear/, /bosses/, /throne/, /withdraw it to your Hive Engine wallet as RNK/]) {
      expect(pillars.some((text) => topic.test(text ?? ''))).toBe(true);
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Login or Activate Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Hive username')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('asks for a username when none is typed', async () => {
    installFakeKeychain();
    await submitLogin('');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your Hive username');
    expect(api.requests).toHaveLength(0);
  });

  it('asks to install Hive Keychain when the extension is missing', async () => {
    await submitLogin('alice');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please install Hive Keychain extension to login');
    expect(api.requests).toHaveLength(0);
  });

  it('signs the challenge, verifies it, stores the session and goes to /city', async () => {
    const keychain = installFakeKeychain();
    const challenge = challengeFor('alice');
    const session = sessionFor('alice');
    api
      .on('GET', ApiRoutes.loginChallenge('alice'), { status: 200, data: challenge })
      .on('POST', ApiRoutes.verifyLogin, { status: 200, data: session });

    await submitLogin('  ALICE ');

    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(currentLocation()).toBe(AppRoutes.city);
    expect(keychain.requestSignBuffer).toHaveBeenCalledWith('alice', challenge.message, 'Posting', expect.any(Function));
    expect(api.callsTo(ApiRoutes.verifyLogin)[0].body).toEqual({
      hiveUsername: 'alice',
      challenge: challenge.challenge,
      signature: FAKE_SIGNATURE,
      timestamp: challenge.timestamp,
    });
    expect(getSession()).toEqual({ hiveUsername: 'alice', expiresAt: session.expiresAt });
    expect(screen.getByRole('button', { name: 'alice' })).toBeInTheDocument();
  });

  it('disables the Login button while the login runs', async () => {
    installFakeKeychain();
    api.on('GET', ApiRoutes.loginChallenge('alice'), never);
    await submitLogin('alice');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });

  it('switches to the activation view for a name that is not registered, showing the ?ref referrer', async () => {
    const keychain = installFakeKeychain();
    api.on('GET', ApiRoutes.loginChallenge('newbie'), notRegisteredResponse('newbie'));

    await submitLogin('newbie', `${AppRoutes.authentication}?ref=Bob`);

    expect(await screen.findByRole('button', { name: 'Activate Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Referrer')).toHaveValue('bob');
    expect(screen.getByLabelText('Referrer')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Register for Free' })).toBeInTheDocument();
    expect(screen.getByText(/costs 50% more \(15 USD\)/)).toBeInTheDocument();
    expect(keychain.requestSignBuffer).not.toHaveBeenCalled();
    expect(currentLocation()).toBe(`${AppRoutes.authentication}?ref=Bob`);
  });

  it('leaves the referrer empty, with a "Default referrer" placeholder, without ?ref', async () => {
    installFakeKeychain();
    api.on('GET', ApiRoutes.loginChallenge('newbie'), notRegisteredResponse('newbie'));

    await submitLogin('newbie');

    const referrer = await screen.findByLabelText('Referrer');
    expect(referrer).toHaveValue('');
    expect(referrer).toHaveAttribute('placeholder', 'Default referrer');
  });

  it.each([
    [
      'the server message',
      { status: 503, data: { error: 'The Hive node could not be reached. Please try again later.' } },
      'The Hive node could not be reached. Please try again later.',
    ],
    ['the fallback', { status: 500, data: {} }, 'Failed to get login challenge'],
    ['the fallback for a plain 404', { status: 404, data: {} }, 'Failed to get login challenge'],
  ])('shows %s when the challenge request fails', async (_case, response, message) => {
    installFakeKeychain();
    api.on('GET', ApiRoutes.loginChallenge('alice'), response);
    await submitLogin('alice');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    [
      'cancelled',
      { success: false, error: 'user_cancel', message: 'Request was canceled by the user.' },
      'Signature was cancelled or failed',
    ],
    ['returned without a signature', { success: true, result: '' }, 'No signature returned from Keychain'],
  ])('reports a signature that was %s', async (_case, signResponse, message) => {
    installFakeKeychain({ sign: signResponse });
    acceptLogin(api, 'alice');
    await submitLogin('alice');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo(ApiRoutes.verifyLogin)).toHaveLength(0);
  });

  it('reports a Keychain that throws', async () => {
    const keychain = installFakeKeychain();
    keychain.requestSignBuffer.mockImplementation(() => {
      throw new Error('extension crashed');
    });
    acceptLogin(api, 'alice');
    await submitLogin('alice');
    expect(await screen.findByRole('alert')).toHaveTextContent('Keychain signature failed');
  });

  it.each([
    [
      'the server message',
      { status: 401, data: { error: 'Signature does not match the account posting key' } },
      'Signature does not match the account posting key',
    ],
    ['the fallback', { status: 502 }, 'Login verification failed'],
  ])('shows %s when verification fails', async (_case, response, message) => {
    installFakeKeychain();
    acceptLogin(api, 'alice').on('POST', ApiRoutes.verifyLogin, response);
    await submitLogin('alice');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(getSession()).toBeNull();
    expect(currentLocation()).toBe(AppRoutes.authentication);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });
});
