import { BrowserStack, startBrowserStack, withPage } from '../support/browser';
let s: BrowserStack;
beforeAll(async () => { s = await startBrowserStack(); }, 90_000);
afterAll(() => s?.close());
it('temporary: fails on purpose', () =>
  withPage(s, expect.getState().currentTestName!, async (page) => {
    await page.goto(`${s.baseUrl}/nowhere`);
    await page.getByRole('button', { name: 'Nope' }).click({ timeout: 1000 });
  }));
