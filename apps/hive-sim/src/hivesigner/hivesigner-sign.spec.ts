import { eventually, postRpc, startTestSim, type TestSim } from '../test-support';

/**
 * HiveSigner's signing page stand-in (issue 49, item 2): a token is posting authority only, so a Hive Engine transfer
 * (a `custom_json` with `required_auths`) goes through `/sign/custom-json`; Approve broadcasts it with the account's
 * dev active key, as HiveSigner would once the player typed their key.
 */
let test: TestSim;
beforeAll(async () => {
  test = await startTestSim();
});
afterAll(() => test.sim.close());

const transferJson = (to: string, quantity: string, memo: string) =>
  JSON.stringify({ contractName: 'tokens', contractAction: 'transfer', contractPayload: { symbol: 'SWAP.HIVE', to, quantity, memo } });

function signLink(from: string, json: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    required_auths: JSON.stringify([from]),
    required_posting_auths: '[]',
    id: 'ssc-mainnet-hive',
    json,
    ...extra,
  });
}

async function swapHive(account: string): Promise<string> {
  const answer = await postRpc(`${test.sim.url}/contracts`, 'findOne', {
    contract: 'tokens',
    table: 'balances',
    query: { account, symbol: 'SWAP.HIVE' },
  });
  return (answer.result as { balance: string }).balance;
}

const post = (params: URLSearchParams, decision: string) =>
  fetch(`${test.sim.url}/sign/custom-json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `${params.toString()}&decision=${decision}`,
    redirect: 'manual',
  });

describe('HiveSigner signing page (hive-sim)', () => {
  it('shows the operation, and Approve broadcasts it with the active key: the Hive Engine transfer happens', async () => {
    const params = signLink('signer.one', transferJson('runik.game', '1.500', 'runik-shop:signer.one:Potion'));
    const shown = await fetch(`${test.sim.url}/sign/custom-json?${params.toString()}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('@signer.one');
    expect(html).toContain('active key');
    expect(html).toContain('runik-shop:signer.one:Potion');

    const approved = await post(params, 'approve');
    expect(approved.status).toBe(200);
    const id = /data-testid="transaction-id">([0-9a-f]{40})</.exec(await approved.text())?.[1];
    expect(id).toBeDefined();
    const transaction = (await postRpc(test.sim.url, 'condenser_api.get_transaction', [id])).result as { operations: unknown[] };
    expect(transaction.operations).toEqual([
      ['custom_json', { required_auths: ['signer.one'], required_posting_auths: [], id: 'ssc-mainnet-hive', json: params.get('json') }],
    ]);
    await eventually(async () => ((await swapHive('signer.one')) === '98.50000000' ? true : null));
  });

  it('redirects to redirect_uri with the transaction id when the link names one', async () => {
    const params = signLink('signer.two', transferJson('runik.game', '0.100', 'm'), { redirect_uri: 'http://127.0.0.1:4200/back' });
    const approved = await post(params, 'approve');
    expect(approved.status).toBe(302);
    expect(approved.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:4200\/back\?id=[0-9a-f]{40}$/);
  });

  it('Deny signs nothing; a malformed link is refused with why', async () => {
    const params = signLink('signer.three', transferJson('runik.game', '1.000', 'm'));
    const denied = await post(params, 'deny');
    expect(await denied.text()).toContain('Nothing was signed.');
    expect(await swapHive('signer.three')).toBe('100.00000000');

    const noAccount = await fetch(`${test.sim.url}/sign/custom-json?required_auths=[]&required_posting_auths=[]&id=x&json={}`);
    expect(noAccount.status).toBe(400);
    expect(await noAccount.text()).toContain('exactly one account must sign');
    const badJson = await fetch(`${test.sim.url}/sign/custom-json?${signLink('signer.three', '{not json').toString()}`);
    expect(badJson.status).toBe(400);
    expect(await badJson.text()).toContain('json must be JSON');
  });
});
