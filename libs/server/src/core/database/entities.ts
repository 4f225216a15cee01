import { Session } from '../../auth/session.entity';
import { City } from '../../city/city.entity';
import { Player } from '../../players/player.entity';
import { Registration } from '../../registration/registration.entity';

/** Every TypeORM entity, registered once for the api, the worker and the migration runner. */
export const entities = [Player, Session, Registration, City];
