import { rememberWallet } from '../../../wallet/wallet-choice';
import { hiveSignerLoginUrl } from './hivesigner-login';

/** Login through HiveSigner (issue 49): its OAuth2 page, which sends the player back to HIVESIGNER_CALLBACK_PATH. */
export function HiveSignerButton() {
  const logIn = () => {
    // Remembered as the other wallets are: the game's payments then open HiveSigner's signing page.
    rememberWallet('hivesigner');
    window.location.assign(hiveSignerLoginUrl());
  };
  return (
    <button type="button" className="button button--ghost" onClick={logIn}>
      HiveSigner
    </button>
  );
}
