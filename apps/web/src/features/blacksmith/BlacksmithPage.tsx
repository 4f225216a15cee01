import { useSession } from '../../shared/use-session';
import { StatePanel } from '../../ui/StatePanel';
import { Tabs } from '../../ui/Tabs';
import { BlacksmithTexts } from './blacksmith-texts';
import { HistoryTab } from './HistoryTab';
import { UpgradeTab } from './UpgradeTab';
import { BlacksmithArt } from './BlacksmithArt';
import './blacksmith.css';

/** The Blacksmith screen (route /blacksmith, spec section 2): tabs Upgrade and History. */
export function BlacksmithPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="blacksmith" aria-labelledby="blacksmith-title">
      <h1 id="blacksmith-title" className="blacksmith__title">
        Blacksmith
      </h1>
      <BlacksmithArt />
      {username ? <BlacksmithView username={username} /> : <StatePanel>{BlacksmithTexts.logIn}</StatePanel>}
    </section>
  );
}

function BlacksmithView({ username }: { username: string }) {
  return (
    <Tabs
      label="Blacksmith"
      tabs={[
        // The Upgrade tab stays mounted while hidden, so the selection survives a look at the history.
        { key: 'upgrade', label: 'Upgrade', panel: () => <UpgradeTab username={username} />, keep: true },
        { key: 'history', label: 'History', panel: () => <HistoryTab username={username} /> },
      ]}
    />
  );
}
