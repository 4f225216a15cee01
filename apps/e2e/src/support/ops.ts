import axios from 'axios';
import { BULL_BOARD_PASSWORD, Stack } from './stack';

const opsAuth = { username: 'admin', password: BULL_BOARD_PASSWORD };

/** A health route as an operator calls it (any status answered, not thrown). */
export const healthOf = (stack: Stack, path: '/api/health' | '/api/admin/health') =>
  axios.get(`${stack.apiUrl}${path}`, { auth: opsAuth, validateStatus: () => true });

/** An unlabelled metric's value from the api's /metrics, or null when it is not there. */
export async function metricOf(stack: Stack, name: string): Promise<number | null> {
  const { data } = await axios.get<string>(`${stack.apiUrl}/metrics`, { auth: opsAuth });
  const line = data.split('\n').find((row) => row.startsWith(`${name} `));
  return line === undefined ? null : Number(line.split(' ')[1]);
}
