import { Session } from '../../auth/session.entity';
import { Player } from '../../players/player.entity';
import { Registration } from '../../registration/registration.entity';

/** Every TypeORM entity, registered once for the api, the worker and the migration runner. */
export const entities = [Player, Session, Registration];
