import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiRoutes, ErrorMessages } from '@runik/contract';
import { installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render';
import { HIVESIGNER_CALLBACK_PATH, HIVESIGNER_REGISTRATION_NOTE } from './hivesigner-login';

describe('HiveSigner callback of a name without an account', () => {
  beforeEach(() => sessionStorage.clear());

  it('says why and where to register: Keychain or HiveAuth, as a HiveSigner token signs no challenge', async () => {
    sessionStorage.setItem('runik.hivesigner-state', 'state-1');
    installFakeApi().on('POST', ApiRoutes.hiveSignerLogin, { status: 404, data: { error: ErrorMessages.userNotRegistered } });
    renderApp(`${HIVESIGNER_CALLBACK_PATH}?access_token=token-1&username=newbie&expires_in=604800&state=state-1`);

    expect(await screen.findByRole('alert')).toHaveTextContent(ErrorMessages.userNotRegistered);
    expect(screen.getByText(HIVESIGNER_REGISTRATION_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeInTheDocument();
  });
});
