import { beforeEach, describe, expect, it } from 'vitest';
import { hiveSignerLoginUrl, readHiveSignerCallback } from './hivesigner-login';

describe('HiveSigner login URL and callback', () => {
  beforeEach(() => sessionStorage.clear());

  it("asks HiveSigner's login page for this app, a login scope, this site's callback and a fresh state", () => {
    const url = new URL(hiveSignerLoginUrl('https://runik.example'));
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('runik.app');
    expect(url.searchParams.get('redirect_uri')).toBe('https://runik.example/authentication/hivesigner');
    expect(url.searchParams.get('scope')).toBe('login');
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('takes the token back only with the state it sent, once', () => {
    const state = new URL(hiveSignerLoginUrl('https://runik.example')).searchParams.get('state');
    const search = `?access_token=abc&username=alice&expires_in=604800&state=${state}`;
    expect(readHiveSignerCallback(search)).toEqual({ kind: 'token', accessToken: 'abc' });
    expect(readHiveSignerCallback(search)).toEqual({
      kind: 'error',
      message: 'This HiveSigner login was not started here. Please try again.',
    });
  });

  it('says when the player cancelled or no token came back', () => {
    hiveSignerLoginUrl('https://runik.example');
    expect(readHiveSignerCallback('?error=access_denied')).toEqual({ kind: 'error', message: 'HiveSigner login was cancelled.' });
    expect(readHiveSignerCallback('')).toEqual({ kind: 'error', message: 'HiveSigner did not return a login. Please try again.' });
  });
});
