import { forwardedScheme, isForeignRequest, isSameOrigin, originOfRequest } from './origin';

describe('originOfRequest', () => {
  it('is scheme, host and port, a default port dropped', () => {
    expect(originOfRequest('http', '127.0.0.1:29100')).toBe('http://127.0.0.1:29100');
    expect(originOfRequest('https', 'Game.Example:443')).toBe('https://game.example');
    expect(originOfRequest('http', 'game.example:80')).toBe('http://game.example');
    expect(originOfRequest('https', '[::1]:8443')).toBe('https://[::1]:8443');
  });

  it('is undefined for a missing or odd Host, or a scheme that is not http(s)', () => {
    for (const host of [undefined, '', 'a/b', 'user@host', 'host:port', 'a b']) expect(originOfRequest('https', host)).toBeUndefined();
    expect(originOfRequest('ws', 'game.example')).toBeUndefined();
  });
});

describe('isSameOrigin', () => {
  it('takes only the exact origin: scheme, host and port', () => {
    expect(isSameOrigin('http://127.0.0.1:29100', 'http', '127.0.0.1:29100')).toBe(true);
    expect(isSameOrigin('https://game.example', 'https', 'game.example')).toBe(true);
    expect(isSameOrigin('https://game.example', 'https', 'game.example:443')).toBe(true);
    for (const origin of [
      'https://127.0.0.1:29100',
      'http://127.0.0.1:29101',
      'http://localhost:29100',
      'http://127.0.0.1',
      'null',
      'garbage',
      '',
    ]) {
      expect({ origin, same: isSameOrigin(origin, 'http', '127.0.0.1:29100') }).toEqual({ origin, same: false });
    }
    expect(isSameOrigin('http://game.example', 'https', 'game.example')).toBe(false);
    expect(isSameOrigin('https://api.game.example', 'https', 'game.example')).toBe(false);
  });
});

describe('isForeignRequest', () => {
  const request = { scheme: 'https', host: 'game.example' };

  it('decides by Origin when there is one', () => {
    expect(isForeignRequest({ ...request, origin: 'https://game.example', secFetchSite: 'cross-site' })).toBe(false);
    expect(isForeignRequest({ ...request, origin: 'http://game.example', secFetchSite: 'same-origin' })).toBe(true);
  });

  it('without Origin, refuses what a browser says came from another site or origin, and lets scripts (neither header) pass', () => {
    expect(isForeignRequest({ ...request, origin: undefined, secFetchSite: 'cross-site' })).toBe(true);
    expect(isForeignRequest({ ...request, origin: undefined, secFetchSite: 'same-site' })).toBe(true);
    expect(isForeignRequest({ ...request, origin: undefined, secFetchSite: 'same-origin' })).toBe(false);
    expect(isForeignRequest({ ...request, origin: undefined, secFetchSite: 'none' })).toBe(false);
    expect(isForeignRequest({ ...request, origin: undefined, secFetchSite: undefined })).toBe(false);
  });
});

describe('forwardedScheme', () => {
  it("is the nearest proxy's (the last entry), http or https only", () => {
    expect(forwardedScheme('https')).toBe('https');
    expect(forwardedScheme('http, HTTPS')).toBe('https');
    expect(forwardedScheme(['https', 'http'])).toBe('http');
    expect(forwardedScheme('gopher')).toBeUndefined();
    expect(forwardedScheme(undefined)).toBeUndefined();
  });
});
