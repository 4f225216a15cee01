// First: before any module builds a zod schema.
import './shared/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './ui/theme.css';

/**
 * Development and test builds load the hive-sim dev wallet, which defines
 * window.hive_keychain like the browser extension. It loads asynchronously:
 * Keychain is only needed when the player presses a button.
 */
function loadDevWallet(url: string): void {
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  document.head.append(script);
}

const devWalletUrl = import.meta.env.VITE_DEV_WALLET_URL;
if (devWalletUrl) loadDevWallet(devWalletUrl);

/**
 * The service worker of the installable app (vite.config.mts, VitePWA), once the page has loaded so its precaching
 * never competes with the first screen. Built pages only: the dev server (mode development) has none. Not `PROD`:
 * the browser tests' build runs under Jest's NODE_ENV=test, which turns it off. A browser without service workers
 * plays the same game online.
 */
if (import.meta.env.MODE !== 'development' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
