import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AppRoutes, ErrorMessages } from '@runik/contract';
import { Message } from '../../../ui/Message';
import { actionErrorMessage } from '../../../api/http-client';
import { useEnterGame } from '../use-enter-game';
import { HIVESIGNER_REGISTRATION_NOTE, logInWithHiveSigner, readHiveSignerCallback } from './hivesigner-login';

/** Where HiveSigner sends the player back: the token goes to the api, which starts the session; then the City. */
export function HiveSignerCallbackPage() {
  const { search } = useLocation();
  const enterGame = useEnterGame();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: the token is single use (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const callback = readHiveSignerCallback(search);
    if (callback.kind === 'error') {
      setError(callback.message);
      return;
    }
    // The token leaves the address bar (and the history) before anything else.
    window.history.replaceState(null, '', window.location.pathname);
    logInWithHiveSigner(callback.accessToken).then(enterGame, (failure: unknown) =>
      setError(actionErrorMessage(failure, 'HiveSigner login failed')),
    );
  }, [search, enterGame]);

  return (
    <div className="authentication-page">
      <section className="authentication panel" aria-labelledby="hivesigner-title">
        <h1 id="hivesigner-title" className="authentication__title">
          HiveSigner
        </h1>
        {error ? (
          <>
            <Message tone="error">{error}</Message>
            {error === ErrorMessages.userNotRegistered && <Message tone="info">{HIVESIGNER_REGISTRATION_NOTE}</Message>}
            <Link className="button button--primary" to={AppRoutes.authentication}>
              Back to login
            </Link>
          </>
        ) : (
          <Message tone="info">Logging in through HiveSigner...</Message>
        )}
      </section>
    </div>
  );
}
