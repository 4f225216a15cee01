import { AllianceMessages, ApiRoutes, CityMessages, ErrorMessages, TextMessages } from '@runik/contract';
import type { AllianceListEntry, AlliancesResponse } from '@runik/contract';
import {
  ALLIANCE_CREATION_FEE,
  ALLIANCE_INVITATION_LIFETIME_MS,
  ALLIANCE_MAX_MEMBERS,
  ALLIANCE_OPEN_INVITATIONS_MAX,
  ALLIANCE_STARTING_CAPACITY,
} from '@runik/rules';
import type { AxiosResponse } from 'axios';
import {
  addMembers,
  allianceSnapshot,
  allowMembersToInvite,
  CREATION_FEE_THOUSANDTHS,
  createBody,
  invitationFrom,
  myAlliance,
  newAlliance,
  newReferredPlayer,
  postingsOf,
  requestToJoin,
  runikOf,
  setMaxMembers,
  systemBalance,
  TestAlliance,
} from '../support/alliance';
import { apiClient } from '../support/api-client';
import { cityOf, CityPlayer, grant, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { startStack, Stack } from '../support/stack';

// A stack of its own: alliance names and tags are unique in the game, and its own are fixed (the look-alike checks are
// made against them) or uniqueAllianceIdentity's, which every file counts from 0 (alliance-races.spec's on the shared stack).
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

const RUNIK = 1000; // thousandths in one RUNIK
const NO_SUCH_ALLIANCE = 2 ** 31 - 1;

const list = async (player: CityPlayer): Promise<AllianceListEntry[]> => {
  const response = await player.api.get<AlliancesResponse>(ApiRoutes.allianceList);
  expect(response.status).toBe(200);
  expect(response.data.success).toBe(true);
  return response.data.alliances;
};
const entryOf = async (player: CityPlayer, alliance: TestAlliance) => (await list(player)).find((entry) => entry.id === alliance.id);

// The calls with the acting player's own name, as the web client sends them.
const join = (player: CityPlayer, allianceId: number, inviteToken?: string) =>
  player.api.post(ApiRoutes.allianceJoin, { hiveUsername: player.username, allianceId, inviteToken });
const leave = (player: CityPlayer) => player.api.post(ApiRoutes.allianceLeave, { hiveUsername: player.username });
const disband = (player: CityPlayer, allianceId: number) =>
  player.api.post(ApiRoutes.allianceDisband, { hiveUsername: player.username, allianceId });
const expand = (player: CityPlayer, allianceId: number) =>
  player.api.post(ApiRoutes.allianceExpand, { hiveUsername: player.username, allianceId });
const update = (player: CityPlayer, allianceId: number, change: { tag?: unknown; description?: unknown }) =>
  player.api.post(ApiRoutes.allianceUpdate, { hiveUsername: player.username, allianceId, ...change });
const memberAction = (route: string) => (leader: CityPlayer, target: CityPlayer | string, allianceId: number) =>
  leader.api.post(route, {
    leaderUsername: leader.username,
    targetUsername: typeof target === 'string' ? target : target.username,
    allianceId,
  });
const accept = memberAction(ApiRoutes.allianceAccept);
const reject = memberAction(ApiRoutes.allianceReject);
const kick = memberAction(ApiRoutes.allianceKick);

async function allianceRow(alliance: TestAlliance) {
  const [row] = await queryDatabase<{
    id: number;
    name: string;
    tag: string;
    description: string;
    leader_id: string | number;
    max_members: number;
  }>(stack.database.url, 'SELECT * FROM alliances WHERE id = $1', [alliance.id]);
  return row;
}
async function memberIds(alliance: TestAlliance): Promise<number[]> {
  const rows = await queryDatabase<{ player_id: string }>(
    stack.database.url,
    'SELECT player_id FROM alliance_members WHERE alliance_id = $1 ORDER BY player_id',
    [alliance.id],
  );
  return rows.map((row) => Number(row.player_id));
}
async function requestIds(alliance: TestAlliance): Promise<number[]> {
  const rows = await queryDatabase<{ player_id: string }>(
    stack.database.url,
    'SELECT player_id FROM alliance_requests WHERE alliance_id = $1 ORDER BY player_id',
    [alliance.id],
  );
  return rows.map((row) => Number(row.player_id));
}
const ids = (...players: CityPlayer[]) => players.map((player) => player.playerId).sort((a, b) => a - b);

/** A refused call: the given status and message, and not a row or a balance changed. */
async function expectRefused(call: () => Promise<AxiosResponse>, status: number, error: string): Promise<void> {
  const before = await allianceSnapshot(stack);
  const response = await call();
  expect({ status: response.status, data: response.data }).toEqual({ status, data: { error } });
  expect(await allianceSnapshot(stack)).toEqual(before);
}

describe('my alliance and the list', () => {
  it('has no alliance before joining one', async () => {
    const player = await newCityPlayer(stack, 'lone');
    const response = await player.api.get(ApiRoutes.allianceMy(player.username));
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, alliance: null });
  });

  it('lists every alliance with its member count, capacity and whether the viewer asked to join', async () => {
    const [big, small, viewer, other, member] = await Promise.all(
      ['big', 'smal', 'view', 'othr', 'memb'].map((prefix) => newCityPlayer(stack, prefix)),
    );
    const bigAlliance = await newAlliance(stack, big, { icon: 'crown' });
    const smallAlliance = await newAlliance(stack, small, { icon: 'skull' });
    await addMembers(big, bigAlliance, [member]);
    await requestToJoin(viewer, smallAlliance);

    const seenByViewer = await list(viewer);
    expect(seenByViewer.find((entry) => entry.id === bigAlliance.id)).toEqual({
      id: bigAlliance.id,
      name: bigAlliance.name,
      tag: bigAlliance.tag,
      icon: 'crown',
      members: 2,
      maxMembers: ALLIANCE_STARTING_CAPACITY,
      requestPending: false,
    });
    expect(seenByViewer.find((entry) => entry.id === smallAlliance.id)).toEqual({
      id: smallAlliance.id,
      name: smallAlliance.name,
      tag: smallAlliance.tag,
      icon: 'skull',
      members: 1,
      maxMembers: ALLIANCE_STARTING_CAPACITY,
      requestPending: true,
    });
    // Only the viewer's own request shows.
    expect((await entryOf(other, smallAlliance))?.requestPending).toBe(false);
    // The fullest alliances come first.
    const counts = seenByViewer.map((entry) => entry.members);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const [{ count }] = await queryDatabase<{ count: string }>(stack.database.url, 'SELECT count(*) FROM alliances');
    expect(seenByViewer).toHaveLength(Number(count));
  });
});

describe('creating', () => {
  it('takes the 25,000 RUNIK fee into system:fees and makes the creator leader of 2 places', async () => {
    const founder = await newCityPlayer(stack, 'fndr');
    await grant(stack, founder, 'runik', 30_000 * RUNIK);
    const feesBefore = await systemBalance(stack, 'system:fees');

    const response = await founder.api.post(ApiRoutes.allianceCreate, {
      hiveUsername: founder.username,
      name: '  Iron Wolves  ',
      tag: 'iwf',
      icon: 'wolf',
      description: 'Hunters of the north.',
    });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, message: AllianceMessages.created });

    expect(await runikOf(stack, founder)).toBe(5_000 * RUNIK);
    expect((await cityOf(founder)).resources.runik).toBe(5_000);
    expect((await systemBalance(stack, 'system:fees')) - feesBefore).toBe(ALLIANCE_CREATION_FEE * RUNIK);

    const [row] = await queryDatabase<{ id: number; name: string; tag: string; leader_id: string | number; max_members: number }>(
      stack.database.url,
      `SELECT * FROM alliances WHERE leader_id = $1`,
      [founder.playerId],
    );
    // The name is stored trimmed, the tag upper-cased.
    expect({ ...row, leader_id: Number(row.leader_id) }).toMatchObject({
      name: 'Iron Wolves',
      tag: 'IWF',
      leader_id: founder.playerId,
      max_members: ALLIANCE_STARTING_CAPACITY,
    });
    const fees = await postingsOf(stack, founder, 'alliance-creation');
    expect(fees).toEqual([{ posting_id: expect.any(String), delta: -CREATION_FEE_THOUSANDTHS, reference: `alliance:${row.id}` }]);

    expect(await myAlliance(founder)).toEqual({
      id: row.id,
      name: 'Iron Wolves',
      tag: 'IWF',
      icon: 'wolf',
      description: 'Hunters of the north.',
      leader: founder.username,
      members: [founder.username],
      memberCount: 1,
      maxMembers: 2,
      canExpand: true,
      nextExpansionCost: 10_000,
      isLeader: true,
      pendingRequests: [],
      membersMayInvite: false,
      canInvite: true,
    });
  });

  it('accepts a name of 30 characters and a description of 200', async () => {
    const founder = await newCityPlayer(stack, 'long');
    const name = 'N'.repeat(30);
    const description = 'd'.repeat(200);
    const alliance = await newAlliance(stack, founder, { name, description });
    expect(await allianceRow(alliance)).toMatchObject({ name, description });
  });

  it("drops the creator's pending requests to other alliances", async () => {
    const [host, founder] = await Promise.all([newCityPlayer(stack, 'host'), newCityPlayer(stack, 'fndr')]);
    const hosted = await newAlliance(stack, host);
    await requestToJoin(founder, hosted);
    await newAlliance(stack, founder);
    expect(await requestIds(hosted)).toEqual([]);
  });

  describe('refusals change nothing', () => {
    let player: CityPlayer;
    let existing: TestAlliance;
    beforeAll(async () => {
      player = await newCityPlayer(stack, 'crea');
      await grant(stack, player, 'runik', CREATION_FEE_THOUSANDTHS);
      existing = await newAlliance(stack, await newCityPlayer(stack, 'frst'), { name: 'Silver Hand', tag: 'SLV' });
    });
    const create = (overrides: Record<string, unknown>) => () => player.api.post(ApiRoutes.allianceCreate, createBody(player, overrides));

    it.each(['', 'AB', 'ABCD', 'a', '    '])('a tag of %j', (tag) => expectRefused(create({ tag }), 400, AllianceMessages.tagLength));

    it.each(['A-B', 'a b', 'ÄBC'])('a tag with characters other than letters and digits: %j', (tag) =>
      expectRefused(create({ tag }), 400, AllianceMessages.tagCharacters),
    );

    it.each(['', '   '])('a blank name %j', (name) => expectRefused(create({ name }), 400, AllianceMessages.nameRequired));

    it('a name over 30 characters', () => expectRefused(create({ name: 'N'.repeat(31) }), 400, AllianceMessages.nameTooLong));

    it.each(['', '  '])('a blank description %j', (description) =>
      expectRefused(create({ description }), 400, AllianceMessages.descriptionRequired),
    );

    it('a description over 200 characters', () =>
      expectRefused(create({ description: 'd'.repeat(201) }), 400, AllianceMessages.descriptionTooLong));

    it.each(['unicorn', 'Shield', ''])('an unknown icon %j', (icon) => expectRefused(create({ icon }), 400, AllianceMessages.unknownIcon));

    it('a name taken, whatever its case', async () => {
      await expectRefused(create({ name: 'SILVER HAND' }), 409, AllianceMessages.nameTaken);
      await expectRefused(create({ name: 'silver hand' }), 409, AllianceMessages.nameTaken);
    });

    // "Iron Wolves" was made by the first test of 'creating'.
    describe('names that pass for others, and invisible characters', () => {
      it.each([
        ['a Cyrillic o', 'Ir\u043En Wolves'],
        ['a Greek capital iota', '\u0399ron Wolves'],
        ['a small l for the capital I', 'lron Wolves'],
        ['Greek small iota in lower case', '\u03B9ron wolves'],
        ['Cyrillic letters throughout', '\u0406r\u043En W\u043Elv\u0435s'],
        // Issue 47: the look-alike key (case, accents, look-alike digits and pairs, punctuation and spaces folded).
        ['a zero for the o', 'Ir0n Wolves'],
        ['an accent', 'Ir\u00F3n Wolves'],
        ['a dot below', 'Iron Wolv\u1EB9s'],
        ['a hyphen', 'Iron-Wolves'],
        ['an underscore', 'Iron_Wolves'],
        ['no space', 'IronWolves'],
        ['a full stop', 'Iron Wolves.'],
        ['vv for w', 'Iron Vvolves'],
      ])('409 for a look-alike of "Iron Wolves" (same confusables skeleton or look-alike key): %s', (_what, name) =>
        expectRefused(create({ name }), 409, AllianceMessages.nameTaken),
      );

      it.each([
        ['U+2800 after it', 'Iron Wolves\u2800'],
        ['U+2800 only', '\u2800\u2800\u2800'],
        ['the Hangul filler U+3164', 'Iron\u3164Wolves'],
        ['the Hangul fillers U+115F and U+1160', '\u115F\u1160Wolves'],
        ['the halfwidth Hangul filler U+FFA0', 'Wolves\uFFA0'],
      ])('400 for a name with invisible characters: %s', (_what, name) =>
        expectRefused(create({ name }), 400, TextMessages.hiddenCharacter('Alliance name')),
      );

      it.each([
        ['U+3164', 'We hold the pass\u3164'],
        ['U+2800', '\u2800'],
        ['U+FFA0', 'Strong\uFFA0together'],
        ['a zero-width joiner outside an emoji', 'Run\u200Dik'],
      ])('400 for a description with %s', (_what, description) =>
        expectRefused(create({ description }), 400, TextMessages.hiddenCharacter('Description')),
      );

      it('accepts a family emoji (a ZWJ sequence) in a description', async () => {
        const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
        const leader = await newCityPlayer(stack, 'fam');
        const alliance = await newAlliance(stack, leader, { name: 'Hearth Keepers', tag: 'HRT', description: `One family ${family}` });
        expect((await allianceRow(alliance)).description).toBe(`One family ${family}`);
        const edited = await update(leader, alliance.id, { description: `Rainbow \u{1F3F3}\uFE0F\u200D\u{1F308} and ${family}` });
        expect(edited.status).toBe(200);
        expect((await allianceRow(alliance)).description).toBe(`Rainbow \u{1F3F3}\uFE0F\u200D\u{1F308} and ${family}`);
      });
    });

    it('a tag taken, also when sent in lower case, or with digits for the letters they look like', async () => {
      await expectRefused(create({ tag: existing.tag }), 409, AllianceMessages.tagTaken);
      await expectRefused(create({ tag: existing.tag.toLowerCase() }), 409, AllianceMessages.tagTaken);
      // SLV: 5 for S, 1 or I for L.
      for (const tag of ['5LV', 'S1V', 'SIV', '51V']) await expectRefused(create({ tag }), 409, AllianceMessages.tagTaken);
    });

    it('a fee the RUNIK does not cover', async () => {
      const poor = await newCityPlayer(stack, 'poor');
      await expectRefused(
        () => poor.api.post(ApiRoutes.allianceCreate, createBody(poor)),
        400,
        CityMessages.notEnoughRunik('25,000.000', '0.000'),
      );
      await grant(stack, poor, 'runik', CREATION_FEE_THOUSANDTHS - 1);
      await expectRefused(
        () => poor.api.post(ApiRoutes.allianceCreate, createBody(poor)),
        400,
        'Not enough RUNIK. Required: 25,000.000, Available: 24,999.999',
      );
      expect(await myAlliance(poor)).toBeNull();
    });

    it('a player already in an alliance', async () => {
      const leader = await newCityPlayer(stack, 'ldr');
      const alliance = await newAlliance(stack, leader);
      const member = await newCityPlayer(stack, 'memb');
      await addMembers(leader, alliance, [member]);
      await grant(stack, leader, 'runik', CREATION_FEE_THOUSANDTHS);
      await grant(stack, member, 'runik', CREATION_FEE_THOUSANDTHS);
      await expectRefused(() => leader.api.post(ApiRoutes.allianceCreate, createBody(leader)), 409, AllianceMessages.alreadyInAlliance);
      await expectRefused(() => member.api.post(ApiRoutes.allianceCreate, createBody(member)), 409, AllianceMessages.alreadyInAlliance);
    });

    it('takes the same player once the body is right', async () => {
      const response = await create({})();
      expect(response.data).toEqual({ success: true, message: AllianceMessages.created });
      expect(await runikOf(stack, player)).toBe(0);
    });
  });
});

describe('joining, accepting and rejecting', () => {
  it('sends a request the leader sees, accepts it, and drops the new member’s other requests', async () => {
    const [leader, applicant, otherLeader] = await Promise.all(['lead', 'appl', 'olea'].map((prefix) => newCityPlayer(stack, prefix)));
    const alliance = await newAlliance(stack, leader);
    const other = await newAlliance(stack, otherLeader);

    const sent = await join(applicant, alliance.id);
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ success: true, autoAccepted: false, message: AllianceMessages.requestSent });
    await requestToJoin(applicant, other);
    expect(await myAlliance(applicant)).toBeNull();
    expect((await entryOf(applicant, alliance))?.requestPending).toBe(true);

    const view = await myAlliance(leader);
    expect(view?.pendingRequests).toEqual([{ hiveUsername: applicant.username, requestedAt: expect.any(String) }]);
    expect(Math.abs(Date.parse(view?.pendingRequests[0]?.requestedAt ?? '') - Date.now())).toBeLessThan(60_000);

    const accepted = await accept(leader, applicant, alliance.id);
    expect(accepted.status).toBe(200);
    expect(accepted.data).toEqual({ success: true, message: AllianceMessages.accepted(applicant.username) });
    expect(await memberIds(alliance)).toEqual(ids(leader, applicant));
    expect(await requestIds(alliance)).toEqual([]);
    expect(await requestIds(other)).toEqual([]);

    expect(await myAlliance(applicant)).toMatchObject({
      id: alliance.id,
      leader: leader.username,
      members: [leader.username, applicant.username],
      memberCount: 2,
      isLeader: false,
      pendingRequests: [],
    });
    expect(await myAlliance(leader)).toMatchObject({
      members: [leader.username, applicant.username],
      memberCount: 2,
      isLeader: true,
      pendingRequests: [],
    });
    expect(await entryOf(applicant, alliance)).toMatchObject({ members: 2, requestPending: false });
  });

  it('makes a request of a referral of the leader without an invitation: choosing a referrer opens no alliance', async () => {
    const leader = await newCityPlayer(stack, 'lead');
    const alliance = await newAlliance(stack, leader);
    const referred = await newReferredPlayer(stack, leader, 'rec');
    expect((await join(referred, alliance.id)).data).toEqual({ success: true, autoAccepted: false, message: AllianceMessages.requestSent });
    expect(await memberIds(alliance)).toEqual(ids(leader));
    expect(await requestIds(alliance)).toEqual(ids(referred));
  });

  it("lets a member's invitation in at once, once, and hides the requests from members", async () => {
    const [leader, member, stranger, invited, second] = await Promise.all(
      ['lead', 'memb', 'strg', 'invt', 'scnd'].map((prefix) => newCityPlayer(stack, prefix)),
    );
    const alliance = await newAlliance(stack, leader);
    await setMaxMembers(stack, alliance, 5);
    await addMembers(leader, alliance, [member]);
    await requestToJoin(stranger, alliance);
    // A pending request of the invited player goes when the invitation lets them in.
    await requestToJoin(invited, alliance);

    // Issued by a member who is not the leader, once the leader allows it.
    await allowMembersToInvite(leader, alliance);
    const issued = await member.api.post(ApiRoutes.allianceInvite, { hiveUsername: member.username, allianceId: alliance.id });
    expect(issued.status).toBe(200);
    expect(issued.data).toEqual({ success: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), expiresAt: expect.any(String) });
    const lifetimeMs = Date.parse(issued.data.expiresAt) - Date.now();
    expect(lifetimeMs).toBeGreaterThan(ALLIANCE_INVITATION_LIFETIME_MS - 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(ALLIANCE_INVITATION_LIFETIME_MS);

    const joined = await join(invited, alliance.id, issued.data.token);
    expect(joined.status).toBe(200);
    expect(joined.data).toEqual({ success: true, autoAccepted: true, message: AllianceMessages.joined });
    expect(await memberIds(alliance)).toEqual(ids(leader, member, invited));
    expect(await myAlliance(invited)).toMatchObject({ id: alliance.id, memberCount: 3, isLeader: false, pendingRequests: [] });
    expect((await myAlliance(leader))?.pendingRequests.map((request) => request.hiveUsername)).toEqual([stranger.username]);

    // Single use: the next player is refused and nothing changes.
    await expectRefused(() => join(second, alliance.id, issued.data.token), 409, AllianceMessages.invitationUsed);
    expect(await myAlliance(second)).toBeNull();
  });

  it('refuses an expired invitation, one for another alliance, a made-up one, and one whose issuer has left', async () => {
    const [leader, member, otherLeader, newcomer] = await Promise.all(
      ['lead', 'memb', 'othr', 'newc'].map((prefix) => newCityPlayer(stack, prefix)),
    );
    const [alliance, other] = [await newAlliance(stack, leader), await newAlliance(stack, otherLeader)];
    await setMaxMembers(stack, alliance, 5);
    await addMembers(leader, alliance, [member]);

    const expired = await invitationFrom(leader, alliance);
    await queryDatabase(
      stack.database.url,
      `UPDATE alliance_invitations SET expires_at = now() - interval '1 second' WHERE alliance_id = $1`,
      [alliance.id],
    );
    const foreign = await invitationFrom(otherLeader, other);
    await expectRefused(() => join(newcomer, alliance.id, expired), 410, AllianceMessages.invitationExpired);
    await expectRefused(() => join(newcomer, alliance.id, foreign), 404, AllianceMessages.invitationInvalid);
    await expectRefused(() => join(newcomer, alliance.id, 'A'.repeat(32)), 404, AllianceMessages.invitationInvalid);
    await expectRefused(() => join(newcomer, alliance.id, 'short'), 400, AllianceMessages.invitationInvalid);
    await allowMembersToInvite(leader, alliance);
    const fromLeaver = await invitationFrom(member, alliance);
    expect((await leave(member)).status).toBe(200);
    await expectRefused(() => join(newcomer, alliance.id, fromLeaver), 404, AllianceMessages.invitationInvalid);
    expect(await myAlliance(newcomer)).toBeNull();

    // Only a member invites.
    await expectRefused(
      () => newcomer.api.post(ApiRoutes.allianceInvite, { hiveUsername: newcomer.username, allianceId: alliance.id }),
      403,
      AllianceMessages.notMember,
    );
    await expectRefused(
      () => member.api.post(ApiRoutes.allianceInvite, { hiveUsername: member.username, allianceId: alliance.id }),
      403,
      AllianceMessages.notMember,
    );
  });

  describe('invitations under the leader', () => {
    const invite = (player: CityPlayer, alliance: TestAlliance) =>
      player.api.post(ApiRoutes.allianceInvite, { hiveUsername: player.username, allianceId: alliance.id });
    const settings = (player: CityPlayer, alliance: TestAlliance, membersMayInvite: boolean) =>
      player.api.post(ApiRoutes.allianceInvitationSettings, { hiveUsername: player.username, allianceId: alliance.id, membersMayInvite });
    const listOf = (player: CityPlayer, alliance: TestAlliance) =>
      player.api.get(ApiRoutes.allianceInvitations(player.username, alliance.id));
    const revoke = (player: CityPlayer, alliance: TestAlliance, invitationId: unknown) =>
      player.api.post(ApiRoutes.allianceInvitationRevoke, { hiveUsername: player.username, allianceId: alliance.id, invitationId });

    it('a member cannot issue an invitation unless the leader allowed it; stopping it revokes the members’ open ones', async () => {
      const [leader, member, newcomer] = await Promise.all(['lead', 'memb', 'newc'].map((prefix) => newCityPlayer(stack, prefix)));
      const alliance = await newAlliance(stack, leader);
      await setMaxMembers(stack, alliance, 5);
      await addMembers(leader, alliance, [member]);
      expect(await myAlliance(member)).toMatchObject({ membersMayInvite: false, canInvite: false });
      expect(await myAlliance(leader)).toMatchObject({ membersMayInvite: false, canInvite: true });
      await expectRefused(() => invite(member, alliance), 403, AllianceMessages.invitationsLeaderOnly);
      // Only the leader decides.
      await expectRefused(() => settings(member, alliance, true), 403, AllianceMessages.notLeader);

      expect((await settings(leader, alliance, true)).data).toEqual({ success: true, message: AllianceMessages.membersMayInvite });
      expect(await myAlliance(member)).toMatchObject({ membersMayInvite: true, canInvite: true });
      const issued = await invite(member, alliance);
      expect(issued.status).toBe(200);
      const fromLeader = await invitationFrom(leader, alliance);

      expect((await settings(leader, alliance, false)).data).toEqual({ success: true, message: AllianceMessages.onlyLeaderInvites });
      await expectRefused(() => invite(member, alliance), 403, AllianceMessages.invitationsLeaderOnly);
      await expectRefused(() => join(newcomer, alliance.id, issued.data.token), 410, AllianceMessages.invitationRevoked);
      // The leader's own stays open.
      expect((await join(newcomer, alliance.id, fromLeader)).data).toMatchObject({ autoAccepted: true });
    });

    it('lists the open invitations to the leader only, and refuses a revoked one', async () => {
      const [leader, member, newcomer] = await Promise.all(['lead', 'memb', 'newc'].map((prefix) => newCityPlayer(stack, prefix)));
      const alliance = await newAlliance(stack, leader);
      await setMaxMembers(stack, alliance, 5);
      await addMembers(leader, alliance, [member]);
      const [first, second] = [await invitationFrom(leader, alliance), await invitationFrom(leader, alliance)];
      const listed = await listOf(leader, alliance);
      expect(listed.status).toBe(200);
      expect(listed.data).toEqual({
        success: true,
        membersMayInvite: false,
        invitations: [
          { id: expect.any(Number), createdBy: leader.username, createdAt: expect.any(String), expiresAt: expect.any(String) },
          { id: expect.any(Number), createdBy: leader.username, createdAt: expect.any(String), expiresAt: expect.any(String) },
        ],
      });
      expect(JSON.stringify(listed.data)).not.toContain(first);
      expect((await listOf(member, alliance)).status).toBe(403);
      await expectRefused(() => revoke(member, alliance, listed.data.invitations[0].id), 403, AllianceMessages.notLeader);

      const revoked = await revoke(leader, alliance, listed.data.invitations[0].id);
      expect(revoked.data).toEqual({ success: true, message: AllianceMessages.invitationRevokedDone });
      await expectRefused(() => revoke(leader, alliance, listed.data.invitations[0].id), 404, AllianceMessages.invitationNotFound);
      await expectRefused(() => join(newcomer, alliance.id, first), 410, AllianceMessages.invitationRevoked);
      expect((await listOf(leader, alliance)).data.invitations).toHaveLength(1);
      await expectRefused(() => revoke(leader, alliance, 'one'), 400, AllianceMessages.invalidInvitationId);
      expect((await join(newcomer, alliance.id, second)).data).toMatchObject({ autoAccepted: true });
    });

    it(`caps the open invitations at ${ALLIANCE_OPEN_INVITATIONS_MAX}`, async () => {
      const leader = await newCityPlayer(stack, 'lead');
      const alliance = await newAlliance(stack, leader);
      for (let i = 0; i < ALLIANCE_OPEN_INVITATIONS_MAX; i += 1) await invitationFrom(leader, alliance);
      await expectRefused(() => invite(leader, alliance), 409, AllianceMessages.invitationsCapped);
      // A revoked (or used, or expired) one frees its place.
      const [oldest] = (await listOf(leader, alliance)).data.invitations;
      expect((await revoke(leader, alliance, oldest.id)).status).toBe(200);
      expect((await invite(leader, alliance)).status).toBe(200);
    });
  });

  it('rejects a request, which can then be sent again', async () => {
    const [leader, applicant] = await Promise.all([newCityPlayer(stack, 'lead'), newCityPlayer(stack, 'appl')]);
    const alliance = await newAlliance(stack, leader);
    await requestToJoin(applicant, alliance);
    const rejected = await reject(leader, applicant, alliance.id);
    expect(rejected.status).toBe(200);
    expect(rejected.data).toEqual({ success: true, message: AllianceMessages.rejected(applicant.username) });
    expect(await requestIds(alliance)).toEqual([]);
    expect(await memberIds(alliance)).toEqual(ids(leader));
    expect((await entryOf(applicant, alliance))?.requestPending).toBe(false);
    expect((await myAlliance(leader))?.pendingRequests).toEqual([]);

    await expectRefused(() => reject(leader, applicant, alliance.id), 404, AllianceMessages.requestNotFound);
    await expectRefused(() => accept(leader, applicant, alliance.id), 404, AllianceMessages.requestNotFound);
    expect((await join(applicant, alliance.id)).data.autoAccepted).toBe(false);
    expect(await requestIds(alliance)).toEqual(ids(applicant));
  });

  it('refuses a second request to the same alliance', async () => {
    const [leader, applicant] = await Promise.all([newCityPlayer(stack, 'lead'), newCityPlayer(stack, 'appl')]);
    const alliance = await newAlliance(stack, leader);
    await requestToJoin(applicant, alliance);
    await expectRefused(() => join(applicant, alliance.id), 409, AllianceMessages.requestPending);
  });

  it('refuses to join when already in an alliance, including one’s own', async () => {
    const [leader, member, otherLeader] = await Promise.all([
      newCityPlayer(stack, 'lead'),
      newCityPlayer(stack, 'memb'),
      newCityPlayer(stack, 'olea'),
    ]);
    const alliance = await newAlliance(stack, leader);
    const other = await newAlliance(stack, otherLeader);
    await addMembers(leader, alliance, [member]);
    await expectRefused(() => join(member, other.id), 409, AllianceMessages.alreadyInAlliance);
    await expectRefused(() => join(leader, other.id), 409, AllianceMessages.alreadyInAlliance);
    await setMaxMembers(stack, alliance, 3);
    await expectRefused(() => join(member, alliance.id), 409, AllianceMessages.alreadyInAlliance);
    await expectRefused(() => join(leader, alliance.id), 409, AllianceMessages.alreadyInAlliance);
  });

  it('refuses an accept of a player who joined another alliance meanwhile; the request stays', async () => {
    const [leader, otherLeader, applicant] = await Promise.all([
      newCityPlayer(stack, 'lead'),
      newCityPlayer(stack, 'olea'),
      newCityPlayer(stack, 'appl'),
    ]);
    const alliance = await newAlliance(stack, leader);
    const other = await newAlliance(stack, otherLeader);
    await requestToJoin(applicant, alliance);
    await requestToJoin(applicant, other);
    // A request sent while another alliance was accepting the player survives that accept's clean-up:
    // a member who still has a request elsewhere.
    await queryDatabase(stack.database.url, 'INSERT INTO alliance_members (player_id, alliance_id, joined_at) VALUES ($1, $2, now())', [
      applicant.playerId,
      other.id,
    ]);
    await expectRefused(() => accept(leader, applicant, alliance.id), 409, AllianceMessages.targetInAlliance);
  });
});

describe('leaving and kicking', () => {
  it('lets a member leave', async () => {
    const [leader, member] = await Promise.all([newCityPlayer(stack, 'lead'), newCityPlayer(stack, 'memb')]);
    const alliance = await newAlliance(stack, leader);
    await addMembers(leader, alliance, [member]);
    const response = await leave(member);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, message: AllianceMessages.left });
    expect(await memberIds(alliance)).toEqual(ids(leader));
    expect(await myAlliance(member)).toBeNull();
    expect(Number((await allianceRow(alliance)).leader_id)).toBe(leader.playerId);
  });

  it('hands a leaving leader’s place to the longest-standing member, and disbands with the last one out', async () => {
    const [leader, early, late, applicant] = await Promise.all(
      ['lead', 'erly', 'late', 'appl'].map((prefix) => newCityPlayer(stack, prefix)),
    );
    const alliance = await newAlliance(stack, leader);
    await setMaxMembers(stack, alliance, 4);
    await addMembers(leader, alliance, [late, early]);
    // `early` joined after `late` through the API; its joining time says it has been there longer.
    await queryDatabase(stack.database.url, `UPDATE alliance_members SET joined_at = joined_at - interval '1 day' WHERE player_id = $1`, [
      early.playerId,
    ]);
    await requestToJoin(applicant, alliance);

    const first = await leave(leader);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ success: true, message: AllianceMessages.leftNewLeader(early.username) });
    expect(Number((await allianceRow(alliance)).leader_id)).toBe(early.playerId);
    expect(await myAlliance(early)).toMatchObject({
      leader: early.username,
      members: [early.username, late.username],
      memberCount: 2,
      isLeader: true,
      pendingRequests: [{ hiveUsername: applicant.username, requestedAt: expect.any(String) }],
    });
    expect(await myAlliance(leader)).toBeNull();

    expect((await leave(early)).data).toEqual({ success: true, message: AllianceMessages.leftNewLeader(late.username) });
    expect((await myAlliance(late))?.isLeader).toBe(true);

    const last = await leave(late);
    expect(last.status).toBe(200);
    expect(last.data).toEqual({ success: true, message: AllianceMessages.leftDisbanded });
    expect(await allianceRow(alliance)).toBeUndefined();
    expect(await memberIds(alliance)).toEqual([]);
    expect(await requestIds(alliance)).toEqual([]);
    expect(await entryOf(applicant, alliance)).toBeUndefined();
  });

  it('refuses to leave without an alliance', async () => {
    const loner = await newCityPlayer(stack, 'lone');
    await expectRefused(() => leave(loner), 400, AllianceMessages.notInAlliance);
  });

  it('lets the leader kick a member, not themselves, nor a non-member', async () => {
    const [leader, member, applicant] = await Promise.all([
      newCityPlayer(stack, 'lead'),
      newCityPlayer(stack, 'memb'),
      newCityPlayer(stack, 'appl'),
    ]);
    const alliance = await newAlliance(stack, leader);
    await requestToJoin(applicant, alliance);
    await addMembers(leader, alliance, [member]);

    await expectRefused(() => kick(leader, leader, alliance.id), 400, AllianceMessages.cannotKickSelf);
    await expectRefused(() => kick(leader, applicant, alliance.id), 404, AllianceMessages.targetNotMember);
    await expectRefused(() => kick(leader, 'nobody.here', alliance.id), 404, AllianceMessages.targetNotMember);

    const kicked = await kick(leader, member, alliance.id);
    expect(kicked.status).toBe(200);
    expect(kicked.data).toEqual({ success: true, message: AllianceMessages.kicked(member.username) });
    expect(await memberIds(alliance)).toEqual(ids(leader));
    expect(await myAlliance(member)).toBeNull();
    expect(await requestIds(alliance)).toEqual(ids(applicant));
    await expectRefused(() => kick(leader, member, alliance.id), 404, AllianceMessages.targetNotMember);
  });
});

describe('updating', () => {
  let leader: CityPlayer;
  let alliance: TestAlliance;
  let taken: TestAlliance;
  beforeAll(async () => {
    leader = await newCityPlayer(stack, 'lead');
    alliance = await newAlliance(stack, leader);
    taken = await newAlliance(stack, await newCityPlayer(stack, 'olea'), { tag: 'TKN' });
  });

  it('changes the tag, upper-cased, and the description', async () => {
    const tagged = await update(leader, alliance.id, { tag: 'rwx' });
    expect(tagged.status).toBe(200);
    expect(tagged.data).toEqual({ success: true, message: AllianceMessages.tagUpdated });
    expect(await allianceRow(alliance)).toMatchObject({ tag: 'RWX' });

    const described = await update(leader, alliance.id, { description: '  Rally at dawn.  ' });
    expect(described.status).toBe(200);
    expect(described.data).toEqual({ success: true, message: AllianceMessages.descriptionUpdated });
    expect(await myAlliance(leader)).toMatchObject({ tag: 'RWX', description: 'Rally at dawn.' });

    const both = await update(leader, alliance.id, { tag: 'R2X', description: 'd'.repeat(200) });
    expect(both.status).toBe(200);
    expect(await allianceRow(alliance)).toMatchObject({ tag: 'R2X', description: 'd'.repeat(200) });
    // Its own tag again is no conflict.
    expect((await update(leader, alliance.id, { tag: 'r2x' })).status).toBe(200);
  });

  it.each(['', 'AB', 'ABCD', '  '])('refuses the tag %j', (tag) =>
    expectRefused(() => update(leader, alliance.id, { tag }), 400, AllianceMessages.editTagLength),
  );

  it.each(['', '   '])('refuses the empty description %j', (description) =>
    expectRefused(() => update(leader, alliance.id, { description }), 400, AllianceMessages.descriptionEmpty),
  );

  it('refuses a description over 200 characters', () =>
    expectRefused(() => update(leader, alliance.id, { description: 'd'.repeat(201) }), 400, AllianceMessages.descriptionTooLong));

  it("refuses another alliance's tag", async () => {
    await expectRefused(() => update(leader, alliance.id, { tag: taken.tag }), 409, AllianceMessages.tagTaken);
    await expectRefused(
      () => update(leader, alliance.id, { tag: taken.tag.toLowerCase(), description: 'New words.' }),
      409,
      AllianceMessages.tagTaken,
    );
  });

  it('refuses an update with nothing to change', () =>
    expectRefused(() => update(leader, alliance.id, {}), 400, AllianceMessages.updateNothing));
});

describe('expanding', () => {
  it('charges 10,000 × (places − 1) into system:fees per place, up to 10 places', async () => {
    const leader = await newCityPlayer(stack, 'lead');
    const alliance = await newAlliance(stack, leader);
    await grant(stack, leader, 'runik', 10_000 * RUNIK);
    const feesBefore = await systemBalance(stack, 'system:fees');

    const response = await expand(leader, alliance.id);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, message: AllianceMessages.expanded(3) });
    expect(await runikOf(stack, leader)).toBe(0);
    expect((await systemBalance(stack, 'system:fees')) - feesBefore).toBe(10_000 * RUNIK);
    expect(await postingsOf(stack, leader, 'alliance-expansion')).toEqual([
      { posting_id: expect.any(String), delta: -10_000 * RUNIK, reference: `alliance:${alliance.id}` },
    ]);
    expect(await myAlliance(leader)).toMatchObject({ maxMembers: 3, canExpand: true, nextExpansionCost: 20_000 });
    expect((await entryOf(leader, alliance))?.maxMembers).toBe(3);

    await expectRefused(() => expand(leader, alliance.id), 400, CityMessages.notEnoughRunik('20,000.000', '0.000'));
    await grant(stack, leader, 'runik', 20_000 * RUNIK - 1);
    await expectRefused(() => expand(leader, alliance.id), 400, 'Not enough RUNIK. Required: 20,000.000, Available: 19,999.999');

    await setMaxMembers(stack, alliance, ALLIANCE_MAX_MEMBERS - 1);
    expect(await myAlliance(leader)).toMatchObject({ maxMembers: 9, canExpand: true, nextExpansionCost: 80_000 });
    await grant(stack, leader, 'runik', 80_000 * RUNIK + 1);
    const feesAtNine = await systemBalance(stack, 'system:fees');
    const last = await expand(leader, alliance.id);
    expect(last.data).toEqual({ success: true, message: AllianceMessages.expanded(10) });
    expect(await runikOf(stack, leader)).toBe(20_000 * RUNIK);
    expect((await systemBalance(stack, 'system:fees')) - feesAtNine).toBe(80_000 * RUNIK);
    expect(await myAlliance(leader)).toMatchObject({ maxMembers: 10, canExpand: false, nextExpansionCost: null });

    await expectRefused(() => expand(leader, alliance.id), 400, AllianceMessages.maxCapacity);
    expect(AllianceMessages.maxCapacity).toBe('Maximum capacity of 10 members reached.');
  });
});

describe('disbanding', () => {
  it('removes the alliance with its members and requests, without refunding the fee', async () => {
    const [leader, member, applicant] = await Promise.all([
      newCityPlayer(stack, 'lead'),
      newCityPlayer(stack, 'memb'),
      newCityPlayer(stack, 'appl'),
    ]);
    const alliance = await newAlliance(stack, leader);
    await requestToJoin(applicant, alliance);
    await addMembers(leader, alliance, [member]);
    const feesBefore = await systemBalance(stack, 'system:fees');

    const response = await disband(leader, alliance.id);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, message: AllianceMessages.disbanded });
    expect(await allianceRow(alliance)).toBeUndefined();
    expect(await memberIds(alliance)).toEqual([]);
    expect(await requestIds(alliance)).toEqual([]);
    expect(await myAlliance(leader)).toBeNull();
    expect(await myAlliance(member)).toBeNull();
    expect(await entryOf(applicant, alliance)).toBeUndefined();
    expect(await runikOf(stack, leader)).toBe(0);
    expect(await systemBalance(stack, 'system:fees')).toBe(feesBefore);
    // Free again: the former members can found or join another.
    expect((await join(member, (await newAlliance(stack, await newCityPlayer(stack, 'next'))).id)).status).toBe(200);
  });
});

describe('leader-only calls and other alliances', () => {
  let leader: CityPlayer;
  let member: CityPlayer;
  let applicant: CityPlayer;
  let otherLeader: CityPlayer;
  let loner: CityPlayer;
  let alliance: TestAlliance;
  let other: TestAlliance;
  beforeAll(async () => {
    [leader, member, applicant, otherLeader, loner] = await Promise.all(
      ['lead', 'memb', 'appl', 'olea', 'lone'].map((prefix) => newCityPlayer(stack, prefix)),
    );
    alliance = await newAlliance(stack, leader);
    other = await newAlliance(stack, otherLeader);
    await requestToJoin(applicant, alliance);
    await addMembers(leader, alliance, [member]);
    // Money for an expansion, so only the role can stop it.
    await Promise.all([leader, member, otherLeader, loner].map((player) => grant(stack, player, 'runik', 100_000 * RUNIK)));
  });

  const LEADER_CALLS: [string, (actor: CityPlayer, target: () => CityPlayer, allianceId: () => number) => Promise<AxiosResponse>][] = [
    ['kick', (actor, target, id) => kick(actor, target(), id())],
    ['accept', (actor, _target, id) => accept(actor, applicant, id())],
    ['reject', (actor, _target, id) => reject(actor, applicant, id())],
    ['update tag', (actor, _target, id) => update(actor, id(), { tag: 'HIJ' })],
    ['update description', (actor, _target, id) => update(actor, id(), { description: 'Taken over.' })],
    ['expand', (actor, _target, id) => expand(actor, id())],
    ['disband', (actor, _target, id) => disband(actor, id())],
  ];

  it.each(LEADER_CALLS)('a member may not %s', (_name, call) =>
    expectRefused(
      () =>
        call(
          member,
          () => leader,
          () => alliance.id,
        ),
      403,
      AllianceMessages.notLeader,
    ),
  );

  it.each(LEADER_CALLS)("another alliance's leader may not %s", (_name, call) =>
    expectRefused(
      () =>
        call(
          otherLeader,
          () => member,
          () => alliance.id,
        ),
      403,
      AllianceMessages.notMember,
    ),
  );

  it.each(LEADER_CALLS)('a player without an alliance may not %s', (_name, call) =>
    expectRefused(
      () =>
        call(
          loner,
          () => member,
          () => alliance.id,
        ),
      403,
      AllianceMessages.notMember,
    ),
  );

  it.each(LEADER_CALLS)('%s on an unknown alliance is 404', (_name, call) =>
    expectRefused(
      () =>
        call(
          leader,
          () => member,
          () => NO_SUCH_ALLIANCE,
        ),
      404,
      AllianceMessages.allianceNotFound,
    ),
  );

  it("the other leader's calls work on their own alliance", async () => {
    // The 403s above were about whose alliance it is, not about the calls.
    expect((await update(otherLeader, other.id, { description: 'Still ours.' })).status).toBe(200);
    expect((await expand(otherLeader, other.id)).data).toEqual({ success: true, message: AllianceMessages.expanded(3) });
  });

  it('joining an unknown alliance is 404', () =>
    expectRefused(() => join(loner, NO_SUCH_ALLIANCE), 404, AllianceMessages.allianceNotFound));

  it('a full alliance takes no accept, no request and no invitation, which stays unused', async () => {
    expect(await myAlliance(leader)).toMatchObject({ memberCount: 2, maxMembers: 2 });
    await expectRefused(() => accept(leader, applicant, alliance.id), 409, AllianceMessages.allianceFull);
    expect(await requestIds(alliance)).toEqual(ids(applicant));
    await expectRefused(() => join(loner, alliance.id), 409, AllianceMessages.allianceFull);
    const invitation = await invitationFrom(leader, alliance);
    await expectRefused(() => join(loner, alliance.id, invitation), 409, AllianceMessages.allianceFull);
    const [{ used_at }] = await queryDatabase<{ used_at: Date | null }>(
      stack.database.url,
      'SELECT used_at FROM alliance_invitations WHERE alliance_id = $1',
      [alliance.id],
    );
    expect(used_at).toBeNull();
  });
});

describe('ownership', () => {
  let caller: CityPlayer;
  let leader: CityPlayer;
  let member: CityPlayer;
  let applicant: CityPlayer;
  let free: CityPlayer;
  let alliance: TestAlliance;
  beforeAll(async () => {
    [caller, leader, member, applicant, free] = await Promise.all(
      ['call', 'lead', 'memb', 'appl', 'free'].map((prefix) => newCityPlayer(stack, prefix)),
    );
    alliance = await newAlliance(stack, leader);
    await requestToJoin(applicant, alliance);
    await addMembers(leader, alliance, [member]);
    // Everyone named could pay for what is asked in their name.
    await Promise.all([caller, leader, free].map((player) => grant(stack, player, 'runik', 100_000 * RUNIK)));
  });

  /** Each call naming `victim` (whom it would otherwise work for); `self` replaces the victim with the caller's own name. */
  const CALLS: [string, (api: CityPlayer['api'], name: (victim: CityPlayer) => string) => Promise<AxiosResponse>][] = [
    ['GET my', (api, name) => api.get(ApiRoutes.allianceMy(name(leader)))],
    ['GET alliances', (api, name) => api.get(`${ApiRoutes.allianceList}?hiveUsername=${name(free)}`)],
    ['POST create', (api, name) => api.post(ApiRoutes.allianceCreate, { ...createBody(free), hiveUsername: name(free) })],
    ['POST join', (api, name) => api.post(ApiRoutes.allianceJoin, { hiveUsername: name(free), allianceId: alliance.id })],
    ['POST leave', (api, name) => api.post(ApiRoutes.allianceLeave, { hiveUsername: name(member) })],
    ['POST disband', (api, name) => api.post(ApiRoutes.allianceDisband, { hiveUsername: name(leader), allianceId: alliance.id })],
    ['POST update', (api, name) => api.post(ApiRoutes.allianceUpdate, { hiveUsername: name(leader), allianceId: alliance.id, tag: 'OWN' })],
    ['POST expand', (api, name) => api.post(ApiRoutes.allianceExpand, { hiveUsername: name(leader), allianceId: alliance.id })],
    [
      'POST request/accept',
      (api, name) =>
        api.post(ApiRoutes.allianceAccept, { leaderUsername: name(leader), targetUsername: applicant.username, allianceId: alliance.id }),
    ],
    [
      'POST request/reject',
      (api, name) =>
        api.post(ApiRoutes.allianceReject, { leaderUsername: name(leader), targetUsername: applicant.username, allianceId: alliance.id }),
    ],
    [
      'POST kick',
      (api, name) =>
        api.post(ApiRoutes.allianceKick, { leaderUsername: name(leader), targetUsername: member.username, allianceId: alliance.id }),
    ],
  ];

  it.each(CALLS)('%s naming another player is 403 and changes nothing', (_name, call) =>
    expectRefused(() => call(caller.api, (victim) => victim.username), 403, ErrorMessages.notYourAccount),
  );

  it.each(CALLS)('%s without a session is 401', async (_name, call) => {
    await expectRefused(() => call(apiClient(stack.apiUrl), (victim) => victim.username), 401, ErrorMessages.sessionRequired);
    await expectRefused(() => call(apiClient(stack.apiUrl), () => caller.username), 401, ErrorMessages.sessionRequired);
  });

  it.each(CALLS)('%s with a made-up token is 401', (_name, call) =>
    expectRefused(() => call(apiClient(stack.apiUrl, 'A'.repeat(43)), (victim) => victim.username), 401, ErrorMessages.sessionInvalid),
  );

  it('the same calls work for their owners', async () => {
    // The victims' own sessions: the 403s above were about the name, not the call.
    expect((await leader.api.get(ApiRoutes.allianceMy(leader.username))).data.alliance.id).toBe(alliance.id);
    expect((await reject(leader, applicant, alliance.id)).status).toBe(200);
    expect((await kick(leader, member, alliance.id)).status).toBe(200);
    expect((await free.api.post(ApiRoutes.allianceCreate, createBody(free))).status).toBe(200);
  });
});

describe('bad input is 400 and changes nothing', () => {
  let leader: CityPlayer;
  let member: CityPlayer;
  let applicant: CityPlayer;
  let loner: CityPlayer;
  let alliance: TestAlliance;
  beforeAll(async () => {
    [leader, member, applicant, loner] = await Promise.all(['lead', 'memb', 'appl', 'lone'].map((prefix) => newCityPlayer(stack, prefix)));
    alliance = await newAlliance(stack, leader);
    await setMaxMembers(stack, alliance, 3);
    await requestToJoin(applicant, alliance);
    await addMembers(leader, alliance, [member]);
    await Promise.all([leader, loner].map((player) => grant(stack, player, 'runik', 100_000 * RUNIK)));
  });

  async function expectBadInput(call: () => Promise<AxiosResponse>, error?: string): Promise<void> {
    const before = await allianceSnapshot(stack);
    const response = await call();
    expect(response.status).toBe(400);
    expect(response.data).toEqual({ error: error ?? expect.any(String) });
    expect(response.data.error.length).toBeGreaterThan(5);
    expect(await allianceSnapshot(stack)).toEqual(before);
  }

  /** Every call taking an alliance id, with a valid body that would succeed, to be spoiled. */
  const ID_CALLS: [string, () => CityPlayer, string, (allianceId: unknown) => Record<string, unknown>][] = [
    ['join', () => loner, ApiRoutes.allianceJoin, (allianceId) => ({ hiveUsername: loner.username, allianceId })],
    ['disband', () => leader, ApiRoutes.allianceDisband, (allianceId) => ({ hiveUsername: leader.username, allianceId })],
    ['expand', () => leader, ApiRoutes.allianceExpand, (allianceId) => ({ hiveUsername: leader.username, allianceId })],
    ['update', () => leader, ApiRoutes.allianceUpdate, (allianceId) => ({ hiveUsername: leader.username, allianceId, tag: 'BAD' })],
    [
      'accept',
      () => leader,
      ApiRoutes.allianceAccept,
      (allianceId) => ({ leaderUsername: leader.username, targetUsername: applicant.username, allianceId }),
    ],
    [
      'reject',
      () => leader,
      ApiRoutes.allianceReject,
      (allianceId) => ({ leaderUsername: leader.username, targetUsername: applicant.username, allianceId }),
    ],
    [
      'kick',
      () => leader,
      ApiRoutes.allianceKick,
      (allianceId) => ({ leaderUsername: leader.username, targetUsername: member.username, allianceId }),
    ],
  ];
  const BAD_IDS: [string, (id: number) => unknown][] = [
    ['the id as a string', (id) => String(id)],
    ['a negative id', (id) => -id],
    ['id 0', () => 0],
    ['a fractional id', (id) => id + 0.5],
    ['an id beyond int4', () => 2 ** 31],
    ['a huge id', () => 1e300],
    ['a null id', () => null],
    ['a boolean id', () => true],
    ['an array id', (id) => [id]],
    ['an object id', (id) => ({ id })],
  ];

  describe.each(ID_CALLS)('%s', (_name, actor, route, body) => {
    it.each(BAD_IDS)('%s', (_case, badId) =>
      expectBadInput(() => actor().api.post(route, body(badId(alliance.id))), AllianceMessages.invalidAllianceId),
    );

    it('a missing id', () => {
      const rest = body(alliance.id);
      delete rest.allianceId;
      return expectBadInput(() => actor().api.post(route, rest), AllianceMessages.invalidAllianceId);
    });

    it('an unknown field', () => expectBadInput(() => actor().api.post(route, { ...body(alliance.id), maxMembers: 10 })));

    it('a body that is not an object', () => expectBadInput(() => actor().api.post(route, [body(alliance.id)])));

    it('malformed JSON', () =>
      expectBadInput(() => actor().api.post(route, '{"allianceId":', { headers: { 'content-type': 'application/json' } })));
  });

  it.each([
    ['my without a name', () => leader.api.get('/api/alliance/my')],
    ['my with an unknown query field', () => leader.api.get(`${ApiRoutes.allianceMy(leader.username)}&details=1`)],
    ['alliances with an unknown query field', () => leader.api.get(`${ApiRoutes.allianceList}?page=2`)],
    ['create with an unknown field', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), maxMembers: 10 })],
    ['create with a leader field', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), leader: loner.username })],
    ['create without a name', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), name: undefined })],
    ['create without a tag', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), tag: undefined })],
    ['create without an icon', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), icon: undefined })],
    ['create without a description', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), description: undefined })],
    ['create without hiveUsername', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), hiveUsername: undefined })],
    ['create with a numeric name', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), name: 12345 })],
    ['create with a numeric tag', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), tag: 123 })],
    ['create with a list as tag', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), tag: ['A', 'B', 'C'] })],
    ['create with an object as icon', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), icon: { id: 'shield' } })],
    ['create with a numeric description', () => loner.api.post(ApiRoutes.allianceCreate, { ...createBody(loner), description: 42 })],
    ['create with an empty body', () => loner.api.post(ApiRoutes.allianceCreate, {})],
    ['join without hiveUsername', () => loner.api.post(ApiRoutes.allianceJoin, { allianceId: alliance.id })],
    [
      'leave with an unknown field',
      () => member.api.post(ApiRoutes.allianceLeave, { hiveUsername: member.username, allianceId: alliance.id }),
    ],
    ['leave without hiveUsername', () => member.api.post(ApiRoutes.allianceLeave, {})],
    ['leave with a list as body', () => member.api.post(ApiRoutes.allianceLeave, [member.username])],
    [
      'update with a numeric tag',
      () => leader.api.post(ApiRoutes.allianceUpdate, { hiveUsername: leader.username, allianceId: alliance.id, tag: 123 }),
    ],
    [
      'update with a null description',
      () => leader.api.post(ApiRoutes.allianceUpdate, { hiveUsername: leader.username, allianceId: alliance.id, description: null }),
    ],
    [
      'update with a name',
      () => leader.api.post(ApiRoutes.allianceUpdate, { hiveUsername: leader.username, allianceId: alliance.id, name: 'Renamed' }),
    ],
    [
      'update of the icon',
      () => leader.api.post(ApiRoutes.allianceUpdate, { hiveUsername: leader.username, allianceId: alliance.id, icon: 'wolf' }),
    ],
    [
      'update of the leader',
      () =>
        leader.api.post(ApiRoutes.allianceUpdate, { hiveUsername: leader.username, allianceId: alliance.id, leaderId: member.playerId }),
    ],
    [
      'accept without a target',
      () => leader.api.post(ApiRoutes.allianceAccept, { leaderUsername: leader.username, allianceId: alliance.id }),
    ],
    [
      'accept with an invalid target name',
      () =>
        leader.api.post(ApiRoutes.allianceAccept, { leaderUsername: leader.username, targetUsername: 'Bad Name', allianceId: alliance.id }),
    ],
    [
      'accept with a numeric target',
      () => leader.api.post(ApiRoutes.allianceAccept, { leaderUsername: leader.username, targetUsername: 7, allianceId: alliance.id }),
    ],
    [
      'accept with hiveUsername for leaderUsername',
      () =>
        leader.api.post(ApiRoutes.allianceAccept, {
          hiveUsername: leader.username,
          targetUsername: applicant.username,
          allianceId: alliance.id,
        }),
    ],
    [
      'reject without leaderUsername',
      () => leader.api.post(ApiRoutes.allianceReject, { targetUsername: applicant.username, allianceId: alliance.id }),
    ],
    [
      'kick with a list of targets',
      () =>
        leader.api.post(ApiRoutes.allianceKick, {
          leaderUsername: leader.username,
          targetUsername: [member.username],
          allianceId: alliance.id,
        }),
    ],
    [
      'kick with an unknown field',
      () =>
        leader.api.post(ApiRoutes.allianceKick, {
          leaderUsername: leader.username,
          targetUsername: member.username,
          allianceId: alliance.id,
          ban: true,
        }),
    ],
  ])('%s', (_case, call) => expectBadInput(call));

  it('the spoiled calls work once well-formed', async () => {
    expect((await reject(leader, applicant, alliance.id)).status).toBe(200);
    expect((await update(leader, alliance.id, { tag: 'bad' })).status).toBe(200);
    expect((await kick(leader, member, alliance.id)).status).toBe(200);
    expect((await expand(leader, alliance.id)).status).toBe(200);
    expect((await join(loner, alliance.id)).status).toBe(200);
    expect((await leave(leader)).status).toBe(200);
  });
});

describe('text that breaks or deceives', () => {
  const HIDDEN: [string, string, (field: string) => string][] = [
    ['NUL', '\u0000', TextMessages.controlCharacter],
    ['a newline', '\n', TextMessages.controlCharacter],
    ['a carriage return', '\r', TextMessages.controlCharacter],
    ['a tab', '\t', TextMessages.controlCharacter],
    ['an escape', '\u001B', TextMessages.controlCharacter],
    ['DEL', '\u007F', TextMessages.controlCharacter],
    ['a C1 control', '\u0085', TextMessages.controlCharacter],
    ['a line separator', '\u2028', TextMessages.controlCharacter],
    ['a paragraph separator', '\u2029', TextMessages.controlCharacter],
    ['five combining marks on one letter', 'e\u0301\u0300\u0302\u0303\u0308', TextMessages.stackedMarks],
    ['a right-to-left override', '\u202E', TextMessages.hiddenCharacter],
    ['a right-to-left embedding', '\u202B', TextMessages.hiddenCharacter],
    ['a first-strong isolate', '\u2068', TextMessages.hiddenCharacter],
    ['a right-to-left mark', '\u200F', TextMessages.hiddenCharacter],
    ['a zero-width space', '\u200B', TextMessages.hiddenCharacter],
    ['a zero-width joiner', '\u200D', TextMessages.hiddenCharacter],
    ['a zero-width non-joiner', '\u200C', TextMessages.hiddenCharacter],
    ['a word joiner', '\u2060', TextMessages.hiddenCharacter],
    ['a byte order mark', '\uFEFF', TextMessages.hiddenCharacter],
    ['a lone high surrogate', '\uD800', TextMessages.brokenText],
    ['a lone low surrogate', '\uDFFF', TextMessages.brokenText],
  ];
  let founder: CityPlayer;
  let leader: CityPlayer;
  let alliance: TestAlliance;
  beforeAll(async () => {
    [founder, leader] = await Promise.all([newCityPlayer(stack, 'fndr'), newCityPlayer(stack, 'lead')]);
    await grant(stack, founder, 'runik', CREATION_FEE_THOUSANDTHS);
    alliance = await newAlliance(stack, leader, { name: 'Keepers of the Pass' });
  });

  it.each(HIDDEN)('refuses %s in a name or a description with 400, and stores nothing', async (_what, character, message) => {
    const create = (overrides: Record<string, unknown>) => founder.api.post(ApiRoutes.allianceCreate, createBody(founder, overrides));
    for (const name of [`Iron${character}Wolves`, `${character}Iron Wolves`, `Iron Wolves${character}`]) {
      await expectRefused(() => create({ name }), 400, message('Alliance name'));
    }
    await expectRefused(() => create({ description: `Hunters${character} of the north.` }), 400, message('Description'));
    await expectRefused(
      () => update(leader, alliance.id, { description: `Hunters of the north.${character}` }),
      400,
      message('Description'),
    );
  });

  it('takes a name that differs only by width, case or spacing for the same name', async () => {
    for (const lookalike of [
      '\uFF2B\uFF45\uFF45\uFF50\uFF45\uFF52\uFF53 of the Pass',
      'KEEPERS  OF THE PASS',
      'Keepers\u00A0of\u3000the Pass',
    ]) {
      await expectRefused(
        () => founder.api.post(ApiRoutes.allianceCreate, createBody(founder, { name: lookalike })),
        409,
        AllianceMessages.nameTaken,
      );
    }
    // A zero-width copy never gets as far as the comparison.
    await expectRefused(
      () => founder.api.post(ApiRoutes.allianceCreate, createBody(founder, { name: 'Keepers of the\u200B Pass' })),
      400,
      TextMessages.hiddenCharacter('Alliance name'),
    );
  });

  it('stores a full-width name in its plain letters', async () => {
    const created = await founder.api.post(
      ApiRoutes.allianceCreate,
      createBody(founder, { name: '\uFF37\uFF49\uFF4E\uFF54\uFF45\uFF52  Guard' }),
    );
    expect(created.status).toBe(200);
    expect((await myAlliance(founder))?.name).toBe('Winter Guard');
  });
});
