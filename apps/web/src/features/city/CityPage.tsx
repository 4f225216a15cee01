import type { ReactNode } from 'react';
import { apiErrorMessage } from '../../api/http-client';
import { useSession } from '../../shared/use-session';
import { StatePanel } from '../../ui/StatePanel';
import { useCity, useCityConstants } from './city-api';
import { CityPlaceholders } from './city-messages';
import { CityView } from './CityView';
import './city.css';

/** The City screen (route /city): the placeholder states until the constants and the city have loaded. */
export function CityPage() {
  const username = useSession()?.hiveUsername ?? null;
  const constants = useCityConstants();
  const city = useCity(username);

  let content: ReactNode;
  if (constants.isError)
    content = (
      <Placeholder error onRetry={() => void constants.refetch()}>
        {CityPlaceholders.error(apiErrorMessage(constants.error))}
      </Placeholder>
    );
  else if (!constants.data) content = <Placeholder>{CityPlaceholders.loadingConstants}</Placeholder>;
  else if (!username) content = <Placeholder>{CityPlaceholders.logIn}</Placeholder>;
  else if (city.data) content = <CityView username={username} city={city.data} constants={constants.data} />;
  else if (city.isError)
    content = (
      <Placeholder error onRetry={() => void city.refetch()}>
        {CityPlaceholders.error(apiErrorMessage(city.error))}
      </Placeholder>
    );
  else content = <Placeholder>{CityPlaceholders.loadingCity}</Placeholder>;

  return (
    <section className="city" aria-labelledby="city-title">
      <h1 id="city-title" className="city__title">
        City
      </h1>
      {content}
    </section>
  );
}

function Placeholder(props: { children: ReactNode; error?: boolean; onRetry?: () => void }) {
  return <StatePanel {...props} testId="city-placeholder" />;
}
