// Drives a hive-sim node with @hiveio/wax, unchanged, as its documentation shows; real-clients.spec.ts runs it.
// wax is ES modules + WebAssembly, which Jest cannot load, hence a plain node process.
// Usage: node wax-client.mjs <node url> <from> <to>; prints what the node answered, as JSON.
import { createHiveChain } from '@hiveio/wax';
import dhive from '@hiveio/dhive';

const [url, from, to] = process.argv.slice(2);
const chain = await createHiveChain({ apiEndpoint: url });
// transaction_status_api is not among wax's built-in APIs: its README extends the chain for it.
const extended = chain.extend();

/** Signs the transaction's (HF26) digest with the sim's dev key of the account. */
const sign = (tx, account, role) => {
  const key = dhive.PrivateKey.fromLogin(account, 'devpass', role);
  return tx.addSignature(key.sign(Buffer.from(tx.sigDigest, 'hex')).toString());
};

/** Broadcasts one operation, then asks the node for the transaction's status and block. */
const broadcast = async (operation, role) => {
  const tx = await chain.createTransaction();
  tx.pushOperation(operation);
  sign(tx, from, role);
  await chain.broadcast(tx);
  const status = await extended.api.transaction_status_api.find_transaction({
    transaction_id: tx.id,
    expiration: tx.transaction.expiration,
  });
  const { block } = await chain.api.block_api.get_block({ block_num: status.block_num });
  return { id: tx.id, status, block };
};

const { accounts } = await chain.api.database_api.find_accounts({ accounts: [from] });
const properties = await chain.api.database_api.get_dynamic_global_properties({});
const transfer = await broadcast({ transfer_operation: { from, to, amount: chain.hiveCoins(1.5), memo: 'wax' } }, 'active');
const customJson = await broadcast(
  { custom_json_operation: { required_auths: [], required_posting_auths: [from], id: 'runik', json: '{"client":"wax"}' } },
  'posting',
);
const [after] = await chain.findAccounts(from);
console.log(JSON.stringify({ account: accounts[0], properties, transfer, customJson, balanceAfter: after.balance }));
