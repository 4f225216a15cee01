import { useId, useState, type KeyboardEvent } from 'react';
import { useSession } from '../../app/use-session';
import { GearPlaceholder } from '../gears/GearFeedback';
import { BlacksmithTexts } from './blacksmith-texts';
import { HistoryTab } from './HistoryTab';
import { UpgradeTab } from './UpgradeTab';
import './blacksmith.css';

const TABS = [
  { key: 'upgrade', label: 'Upgrade' },
  { key: 'history', label: 'History' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The Blacksmith screen (route /blacksmith, spec section 2): tabs Upgrade and History. */
export function BlacksmithPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="blacksmith" aria-labelledby="blacksmith-title">
      <h1 id="blacksmith-title" className="blacksmith__title">
        Blacksmith
      </h1>
      {username ? <BlacksmithView username={username} /> : <GearPlaceholder>{BlacksmithTexts.logIn}</GearPlaceholder>}
    </section>
  );
}

function BlacksmithView({ username }: { username: string }) {
  const id = useId();
  const [tab, setTab] = useState<TabKey>('upgrade');

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = TABS[(TABS.findIndex((entry) => entry.key === tab) + step + TABS.length) % TABS.length].key;
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <>
      <div className="blacksmith-tabs" role="tablist" aria-label="Blacksmith" onKeyDown={onKeyDown}>
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            id={`${id}-tab-${key}`}
            type="button"
            role="tab"
            className="blacksmith-tabs__tab"
            aria-selected={tab === key}
            // The history panel exists only while its tab is open.
            aria-controls={key === 'upgrade' || tab === key ? `${id}-panel-${key}` : undefined}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {/* The Upgrade tab stays mounted while hidden, so the selection survives a look at the history. */}
      <div id={`${id}-panel-upgrade`} role="tabpanel" aria-labelledby={`${id}-tab-upgrade`} hidden={tab !== 'upgrade'}>
        <UpgradeTab username={username} />
      </div>
      {tab === 'history' && (
        <div id={`${id}-panel-history`} role="tabpanel" aria-labelledby={`${id}-tab-history`}>
          <HistoryTab username={username} />
        </div>
      )}
    </>
  );
}
