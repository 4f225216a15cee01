import { AllianceMessages, ApiRoutes, CityMessages } from '@runik/contract';
import type { AxiosResponse } from 'axios';
import {
  assetTotals,
  CREATION_FEE_THOUSANDTHS,
  createBody,
  invitationFrom,
  myAlliance,
  newAlliance,
  postingsOf,
  requestToJoin,
  runikOf,
  setMaxMembers,
  TestAlliance,
  uniqueAllianceIdentity,
} from '../support/alliance';
import { apiClient } from '../support/api-client';
import { CityPlayer, grant, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const RUNIK = 1000;

/** Sends every call at once and waits for all the answers. */
const fireAtOnce = (calls: (() => Promise<AxiosResponse>)[]) => Promise.all(calls.map((call) => call()));
const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));
const withStatus = (responses: AxiosResponse[], status: number) => responses.filter((response) => response.status === status);

const join = (player: CityPlayer, alliance: TestAlliance, inviteToken?: string) =>
  player.api.post(ApiRoutes.allianceJoin, { hiveUsername: player.username, allianceId: alliance.id, inviteToken });
const accept = (leader: CityPlayer, target: CityPlayer, alliance: TestAlliance) =>
  leader.api.post(ApiRoutes.allianceAccept, { leaderUsername: leader.username, targetUsername: target.username, allianceId: alliance.id });

async function memberCount(alliance: TestAlliance): Promise<number> {
  const [{ count }] = await queryDatabase<{ count: string }>(
    stack.database.url,
    'SELECT count(*) FROM alliance_members WHERE alliance_id = $1',
    [alliance.id],
  );
  return Number(count);
}
async function maxMembers(alliance: TestAlliance): Promise<number> {
  const [{ max_members }] = await queryDatabase<{ max_members: number }>(
    stack.database.url,
    'SELECT max_members FROM alliances WHERE id = $1',
    [alliance.id],
  );
  return max_members;
}
async function requestCount(alliance: TestAlliance): Promise<number> {
  const [{ count }] = await queryDatabase<{ count: string }>(
    stack.database.url,
    'SELECT count(*) FROM alliance_requests WHERE alliance_id = $1',
    [alliance.id],
  );
  return Number(count);
}

/** Reads the member count over and over while `race` runs: the largest count any reader could see. */
async function largestMemberCountDuring(
  alliance: TestAlliance,
  race: () => Promise<AxiosResponse[]>,
): Promise<{ responses: AxiosResponse[]; largest: number }> {
  let settled = false;
  let largest = 0;
  const watcher = (async () => {
    while (!settled) largest = Math.max(largest, await memberCount(alliance));
  })();
  const responses = await race().finally(() => (settled = true));
  await watcher;
  return { responses, largest: Math.max(largest, await memberCount(alliance)) };
}

describe('joining races', () => {
  it('20 invited players joining the last free place at once: exactly one gets in, the others keep their invitations', async () => {
    const leader = await newCityPlayer(stack, 'lead');
    const alliance = await newAlliance(stack, leader);
    const recruits = await Promise.all(times(20, () => newCityPlayer(stack, 'rec')));
    const invitations = await Promise.all(recruits.map(() => invitationFrom(leader, alliance)));
    const joinAll = (players: CityPlayer[]) =>
      fireAtOnce(players.map((recruit) => () => join(recruit, alliance, invitations[recruits.indexOf(recruit)])));

    const { responses, largest } = await largestMemberCountDuring(alliance, () => joinAll(recruits));
    const admitted = withStatus(responses, 200);
    expect(admitted.map((response) => response.data)).toEqual([{ success: true, autoAccepted: true, message: AllianceMessages.joined }]);
    expect(withStatus(responses, 409).map((response) => response.data)).toEqual(
      times(19, () => ({ error: AllianceMessages.allianceFull })),
    );
    expect(largest).toBe(2);
    expect(await memberCount(alliance)).toBe(2);
    expect(await requestCount(alliance)).toBe(0);
    const inside = recruits.filter((_, index) => responses[index].status === 200);
    expect((await myAlliance(leader))?.members).toEqual([leader.username, inside[0].username]);

    // One more place bought: again exactly one of the other 19.
    await grant(stack, leader, 'runik', 10_000 * RUNIK);
    expect((await leader.api.post(ApiRoutes.allianceExpand, { hiveUsername: leader.username, allianceId: alliance.id })).status).toBe(200);
    const outside = recruits.filter((_, index) => responses[index].status !== 200);
    const second = await largestMemberCountDuring(alliance, () => joinAll(outside));
    expect(withStatus(second.responses, 200)).toHaveLength(1);
    expect(withStatus(second.responses, 409)).toHaveLength(18);
    expect(second.largest).toBe(3);
    expect(await maxMembers(alliance)).toBe(3);
  });

  it('one invitation used by 20 players at once: exactly one gets in, the others are told it was used', async () => {
    const leader = await newCityPlayer(stack, 'lead');
    const alliance = await newAlliance(stack, leader);
    await setMaxMembers(stack, alliance, 10);
    const token = await invitationFrom(leader, alliance);
    const recruits = await Promise.all(times(20, () => newCityPlayer(stack, 'rec')));

    const { responses, largest } = await largestMemberCountDuring(alliance, () =>
      fireAtOnce(recruits.map((recruit) => () => join(recruit, alliance, token))),
    );
    expect(withStatus(responses, 200)).toHaveLength(1);
    expect(withStatus(responses, 409).map((response) => response.data)).toEqual(
      times(19, () => ({ error: AllianceMessages.invitationUsed })),
    );
    expect(largest).toBe(2);
    expect(await memberCount(alliance)).toBe(2);
    expect(await requestCount(alliance)).toBe(0);
  });

  it('the leader accepting 5 requests at once into 1 free place: exactly one accepted, the others keep their requests', async () => {
    const leader = await newCityPlayer(stack, 'lead');
    const alliance = await newAlliance(stack, leader);
    const applicants = await Promise.all(times(5, () => newCityPlayer(stack, 'appl')));
    for (const applicant of applicants) await requestToJoin(applicant, alliance);

    const { responses, largest } = await largestMemberCountDuring(alliance, () =>
      fireAtOnce(applicants.map((applicant) => () => accept(leader, applicant, alliance))),
    );
    const accepted = applicants.filter((_, index) => responses[index].status === 200);
    expect(accepted).toHaveLength(1);
    expect(withStatus(responses, 200)[0].data).toEqual({ success: true, message: AllianceMessages.accepted(accepted[0].username) });
    expect(withStatus(responses, 409).map((response) => response.data)).toEqual(times(4, () => ({ error: AllianceMessages.allianceFull })));
    expect(largest).toBe(2);
    expect(await memberCount(alliance)).toBe(2);
    expect(await requestCount(alliance)).toBe(4);
    expect((await myAlliance(leader))?.pendingRequests.map((request) => request.hiveUsername).sort()).toEqual(
      applicants
        .filter((applicant) => applicant !== accepted[0])
        .map((applicant) => applicant.username)
        .sort(),
    );
  });

  it('the same request accepted 20 times at once: one member, one place taken', async () => {
    const leader = await newCityPlayer(stack, 'lead');
    const alliance = await newAlliance(stack, leader);
    await queryDatabase(stack.database.url, 'UPDATE alliances SET max_members = 5 WHERE id = $1', [alliance.id]);
    const applicant = await newCityPlayer(stack, 'appl');
    await requestToJoin(applicant, alliance);
    const responses = await fireAtOnce(times(20, () => () => accept(leader, applicant, alliance)));
    expect(withStatus(responses, 200)).toHaveLength(1);
    expect(withStatus(responses, 404).map((response) => response.data)).toEqual(
      times(19, () => ({ error: AllianceMessages.requestNotFound })),
    );
    expect(await memberCount(alliance)).toBe(2);
    expect(await requestCount(alliance)).toBe(0);
  });
});

describe('money races', () => {
  it('20 simultaneous creates with one name by one player: one alliance, one fee', async () => {
    const founder = await newCityPlayer(stack, 'fndr');
    await grant(stack, founder, 'runik', 4 * CREATION_FEE_THOUSANDTHS);
    const body = createBody(founder);
    const responses = await fireAtOnce(times(20, () => () => founder.api.post(ApiRoutes.allianceCreate, body)));

    expect(withStatus(responses, 200).map((response) => response.data)).toEqual([{ success: true, message: AllianceMessages.created }]);
    const refusals = withStatus(responses, 409).map((response) => response.data.error);
    expect(refusals).toHaveLength(19);
    for (const error of refusals)
      expect([AllianceMessages.nameTaken, AllianceMessages.tagTaken, AllianceMessages.alreadyInAlliance]).toContain(error);

    const led = await queryDatabase(stack.database.url, 'SELECT id FROM alliances WHERE leader_id = $1', [founder.playerId]);
    expect(led).toHaveLength(1);
    expect(await postingsOf(stack, founder, 'alliance-creation')).toHaveLength(1);
    expect(await runikOf(stack, founder)).toBe(3 * CREATION_FEE_THOUSANDTHS);
  });

  it('20 simultaneous creates with different names by one player: one alliance, one fee', async () => {
    const founder = await newCityPlayer(stack, 'fndr');
    await grant(stack, founder, 'runik', 4 * CREATION_FEE_THOUSANDTHS);
    const bodies = times(20, () => ({ ...createBody(founder), ...uniqueAllianceIdentity() }));
    const responses = await fireAtOnce(bodies.map((body) => () => founder.api.post(ApiRoutes.allianceCreate, body)));

    expect(withStatus(responses, 200)).toHaveLength(1);
    expect(withStatus(responses, 409).map((response) => response.data)).toEqual(
      times(19, () => ({ error: AllianceMessages.alreadyInAlliance })),
    );
    const led = await queryDatabase<{ name: string }>(stack.database.url, 'SELECT name FROM alliances WHERE leader_id = $1', [
      founder.playerId,
    ]);
    expect(led).toEqual([{ name: bodies[responses.findIndex((response) => response.status === 200)].name }]);
    expect(await postingsOf(stack, founder, 'alliance-creation')).toHaveLength(1);
    expect(await runikOf(stack, founder)).toBe(3 * CREATION_FEE_THOUSANDTHS);
    expect((await myAlliance(founder))?.isLeader).toBe(true);
  });

  it('20 simultaneous creates with RUNIK for exactly one fee: one alliance, the balance at 0, never below', async () => {
    const founder = await newCityPlayer(stack, 'fndr');
    await grant(stack, founder, 'runik', CREATION_FEE_THOUSANDTHS);
    const responses = await fireAtOnce(times(20, () => () => founder.api.post(ApiRoutes.allianceCreate, createBody(founder))));
    expect(withStatus(responses, 200)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expect([
        { status: 409, data: { error: AllianceMessages.alreadyInAlliance } },
        { status: 400, data: { error: CityMessages.notEnoughRunik('25,000.000', '0.000') } },
      ]).toContainEqual({ status: refused.status, data: refused.data });
    }
    expect(await postingsOf(stack, founder, 'alliance-creation')).toHaveLength(1);
    expect(await runikOf(stack, founder)).toBe(0);
  });

  it('20 simultaneous expansions with RUNIK for one: one place more, one charge', async () => {
    const leader = await newCityPlayer(stack, 'lead');
    const alliance = await newAlliance(stack, leader);
    await grant(stack, leader, 'runik', 10_000 * RUNIK + 19_999 * RUNIK);
    const responses = await fireAtOnce(
      times(20, () => () => leader.api.post(ApiRoutes.allianceExpand, { hiveUsername: leader.username, allianceId: alliance.id })),
    );
    expect(withStatus(responses, 200).map((response) => response.data)).toEqual([{ success: true, message: AllianceMessages.expanded(3) }]);
    expect(withStatus(responses, 400).map((response) => response.data)).toEqual(
      times(19, () => ({ error: CityMessages.notEnoughRunik('20,000.000', '19,999.000') })),
    );
    expect(await maxMembers(alliance)).toBe(3);
    expect(await postingsOf(stack, leader, 'alliance-expansion')).toHaveLength(1);
    expect(await runikOf(stack, leader)).toBe(19_999 * RUNIK);
  });
});

describe('leaving races', () => {
  it('a leader leaving 20 times at once hands over once', async () => {
    const [leader, member] = await Promise.all([newCityPlayer(stack, 'lead'), newCityPlayer(stack, 'memb')]);
    const alliance = await newAlliance(stack, leader);
    await requestToJoin(member, alliance);
    expect((await accept(leader, member, alliance)).status).toBe(200);
    const responses = await fireAtOnce(times(20, () => () => leader.api.post(ApiRoutes.allianceLeave, { hiveUsername: leader.username })));
    expect(withStatus(responses, 200).map((response) => response.data)).toEqual([
      { success: true, message: AllianceMessages.leftNewLeader(member.username) },
    ]);
    // Refused alike before or after waiting for the first leave's lock.
    expect(responses.filter((response) => response.status !== 200).map((response) => [response.status, response.data])).toEqual(
      times(19, () => [400, { error: AllianceMessages.notInAlliance }]),
    );
    expect(await myAlliance(member)).toMatchObject({ leader: member.username, members: [member.username], isLeader: true });
    expect(await myAlliance(leader)).toBeNull();
  });

  it('the last two members leaving at once leave no alliance without a leader', async () => {
    const [leader, member] = await Promise.all([newCityPlayer(stack, 'lead'), newCityPlayer(stack, 'memb')]);
    const alliance = await newAlliance(stack, leader);
    await requestToJoin(member, alliance);
    expect((await accept(leader, member, alliance)).status).toBe(200);
    const responses = await fireAtOnce(
      [leader, member].map((player) => () => player.api.post(ApiRoutes.allianceLeave, { hiveUsername: player.username })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(responses.map((response) => response.data.message)).toContain(AllianceMessages.leftDisbanded);
    expect(await queryDatabase(stack.database.url, 'SELECT id FROM alliances WHERE id = $1', [alliance.id])).toEqual([]);
  });
});

describe('after the races', () => {
  it('keeps every asset conserved, no alliance over capacity, every leader a member of their alliance', async () => {
    const totals = await assetTotals(stack);
    expect(totals.length).toBeGreaterThan(0);
    for (const { total } of totals) expect(total).toBe(0);
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT b.* FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);
    const overfull = await queryDatabase(
      stack.database.url,
      `SELECT a.id FROM alliances a JOIN alliance_members m ON m.alliance_id = a.id GROUP BY a.id, a.max_members HAVING count(*) > a.max_members`,
    );
    expect(overfull).toEqual([]);
    const leaderless = await queryDatabase(
      stack.database.url,
      `SELECT a.id FROM alliances a LEFT JOIN alliance_members m ON m.player_id = a.leader_id AND m.alliance_id = a.id WHERE m.player_id IS NULL`,
    );
    expect(leaderless).toEqual([]);
    // Every fee went to system:fees: what players paid for alliances is what the account received for them (its
    // balance also holds the fees of the other files sharing this stack).
    const feesFor = (accounts: string) =>
      queryDatabase<{ amount: string }>(
        stack.database.url,
        `SELECT coalesce(sum(e.delta), 0) AS amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE ${accounts} AND e.asset = 'runik' AND e.reason IN ('alliance-creation', 'alliance-expansion')`,
      );
    const [[paid], [received]] = await Promise.all([feesFor('a.player_id IS NOT NULL'), feesFor(`a.code = 'system:fees'`)]);
    expect(Number(received.amount)).toBeGreaterThan(0);
    expect(Number(received.amount)).toBe(-Number(paid.amount));
    expect((await apiClient(stack.apiUrl).get(ApiRoutes.health)).status).toBe(200);
  });
});
