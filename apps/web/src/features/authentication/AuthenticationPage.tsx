import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LoginChallengeResponse } from '@runik/contract';
import { isValidHiveUsername } from '@runik/rules';
import { ActivationPanel } from './ActivationPanel';
import { GameIntro } from './GameIntro';
import { LoginForm } from './LoginForm';
import { DEFAULT_REGISTRATION_POLLING, type RegistrationPolling } from './paid-registration';
import { normalizeUsername } from './use-login';
import './authentication.css';

interface AuthenticationPageProps {
  /** Tests shorten the wait for the registration to be confirmed. */
  registrationPolling?: RegistrationPolling;
}

interface PendingActivation {
  hiveUsername: string;
  challenge: LoginChallengeResponse;
}

/** The referrer from ?ref; a malformed one is ignored so the server applies its default. */
function useReferrer(): string {
  const [searchParams] = useSearchParams();
  const referrer = normalizeUsername(searchParams.get('ref') ?? '');
  return isValidHiveUsername(referrer) ? referrer : '';
}

/** Login or Activate Account (spec section 2): the login view, or activation after 'not registered'. */
export function AuthenticationPage({ registrationPolling = DEFAULT_REGISTRATION_POLLING }: AuthenticationPageProps) {
  const referrer = useReferrer();
  const [lastUsername, setLastUsername] = useState('');
  const [activation, setActivation] = useState<PendingActivation | null>(null);

  const showActivation = (hiveUsername: string, challenge: LoginChallengeResponse) => {
    setLastUsername(hiveUsername);
    setActivation({ hiveUsername, challenge });
  };

  return (
    <div className="authentication-page">
      <GameIntro />
      <section className="authentication panel" aria-labelledby="authentication-title">
        <h1 id="authentication-title" className="authentication__title">
          Login or Activate Account
        </h1>
        {activation ? (
          <ActivationPanel
            hiveUsername={activation.hiveUsername}
            referrer={referrer}
            challenge={activation.challenge}
            polling={registrationPolling}
            onBackToLogin={() => setActivation(null)}
          />
        ) : (
          <LoginForm initialUsername={lastUsername} onNotRegistered={showActivation} />
        )}
      </section>
    </div>
  );
}
