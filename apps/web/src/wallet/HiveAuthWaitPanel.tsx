import { useEffect, useMemo, useState } from 'react';
import { encode } from 'uqr';
import type { HiveAuthWait } from './hiveauth';
import './wallet-wait.css';

interface HiveAuthWaitPanelProps {
  wait: HiveAuthWait;
  /** What the wallet is asked to approve. */
  purpose?: 'login' | 'payment';
  onCancel: () => void;
}

/** The QR code of `text` as an SVG of dark modules on a light square (the standard 4-module quiet zone included: the page around it is dark). */
function QrCode({ text }: { text: string }) {
  const { path, size } = useMemo(() => {
    const { data, size } = encode(text, { ecc: 'L', border: 4 });
    return { size, path: data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('') };
  }, [text]);
  return (
    <svg
      className="hiveauth-wait__qr"
      role="img"
      aria-label="HiveAuth QR code: scan it with your HiveAuth wallet"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

function useSecondsLeft(expire: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((expire - now) / 1000));
}

/**
 * While the player's HiveAuth wallet has not answered: the QR code and the deep link when the wallet must be paired
 * (a login), the time left and Cancel.
 */
// Default export: loaded lazily (React.lazy) with its QR code library, only when a player uses HiveAuth.
export default function HiveAuthWaitPanel({ wait, purpose = 'login', onCancel }: HiveAuthWaitPanelProps) {
  const secondsLeft = useSecondsLeft(wait.expire);
  return (
    <div className="hiveauth-wait" role="status" aria-live="polite" data-testid="hiveauth-wait">
      {wait.link ? (
        <>
          <p className="hiveauth-wait__lead">
            Scan the QR code with your HiveAuth wallet (such as Keychain Mobile), or open the link on this device, and approve the {purpose}
            .
          </p>
          <QrCode text={wait.link} />
          <a className="hiveauth-wait__link" href={wait.link}>
            Open in your HiveAuth wallet
          </a>
        </>
      ) : (
        <p className="hiveauth-wait__lead">Open your HiveAuth wallet (such as Keychain Mobile) and approve the {purpose}.</p>
      )}
      <p className="hiveauth-wait__expiry">
        Waiting for your wallet… <span aria-live="off">{secondsLeft > 0 ? `expires in ${secondsLeft} s` : 'expired'}</span>
      </p>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
