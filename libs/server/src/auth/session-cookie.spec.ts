import { SESSION_COOKIE, sessionCookieValues } from './session-cookie';

describe('sessionCookieValues', () => {
  it('is every session cookie a Cookie header carries, in its order: a parser would keep the first only', () => {
    expect(SESSION_COOKIE).toBe('__Host-runik_session');
    expect(sessionCookieValues(undefined)).toEqual([]);
    expect(sessionCookieValues('a=1; b=2')).toEqual([]);
    expect(sessionCookieValues(`${SESSION_COOKIE}=one`)).toEqual(['one']);
    expect(sessionCookieValues(`a=1;${SESSION_COOKIE}=one; ${SESSION_COOKIE}="two" ;x=${SESSION_COOKIE}`)).toEqual(['one', 'two']);
    // The old name, or a name that only contains it, is no session cookie.
    expect(sessionCookieValues(`runik_session=old; x__Host-runik_session=no; ${SESSION_COOKIE}=`)).toEqual(['']);
  });
});
