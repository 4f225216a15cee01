/**
 * hive-sim dev wallet: window.hive_keychain with the Hive Keychain extension's API, auto-approving
 * every request and signing with keys derived from the sim password. For local play and tests only.
 * The sim serves this file at /keychain.js after dhive's browser bundle and calls installDevWallet.
 */
/* exported installDevWallet */
function installDevWallet(window, dhive, password, simUrl) {
  'use strict';
  var ROLES = { Posting: 'posting', Active: 'active', Memo: 'memo' };
  var lastRequestId = 0;

  function privateKey(account, method) {
    var role = ROLES[method];
    if (!role) throw new Error('Invalid key type: ' + method + ' (expected Posting, Active or Memo)');
    return dhive.PrivateKey.fromLogin(account, password, role);
  }

  function rpc(method, params) {
    return window
      .fetch(simUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: method, params: params }),
      })
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        if (body.error) throw new Error(body.error.message);
        return body.result;
      });
  }

  /** Builds, signs and broadcasts a transaction as dhive's sendOperations does; resolves with {id, block_num, ...}. */
  function broadcast(operations, key) {
    return rpc('condenser_api.get_dynamic_global_properties', []).then(function (props) {
      var prefixHex = props.head_block_id.slice(8, 16).match(/../g).reverse().join(''); // bytes 4..8, little-endian
      var transaction = {
        ref_block_num: props.head_block_number & 0xffff,
        ref_block_prefix: parseInt(prefixHex, 16),
        expiration: new Date(Date.parse(props.time + 'Z') + 60000).toISOString().slice(0, 19),
        operations: operations,
        extensions: [],
      };
      return rpc('condenser_api.broadcast_transaction_synchronous', [dhive.cryptoUtils.signTransaction(transaction, key)]);
    });
  }

  /** Runs `work` (returning {result, message, ...extra} or a promise of it) and calls back after a tick, like the extension. */
  function handle(data, callback, work) {
    var requestId = ++lastRequestId;
    window.console.info('[hive-sim dev wallet] auto-approving ' + data.type + ' request from @' + data.username, data);
    new Promise(function (resolve) {
      resolve(work());
    })
      .then(
        function (outcome) {
          return Object.assign({ success: true, error: null, data: data, request_id: requestId }, outcome);
        },
        function (error) {
          var message = error instanceof Error ? error.message : String(error);
          return { success: false, error: message, result: null, data: data, message: message, request_id: requestId };
        },
      )
      .then(function (response) {
        window.setTimeout(function () {
          callback(response);
        }, 0);
      });
  }

  function customJsonOperation(account, id, method, json) {
    var active = method === 'Active';
    if (!active && method !== 'Posting') throw new Error('Invalid key type for custom_json: ' + method);
    return [
      'custom_json',
      {
        required_auths: active ? [account] : [],
        required_posting_auths: active ? [] : [account],
        id: id,
        json: typeof json === 'string' ? json : JSON.stringify(json),
      },
    ];
  }

  window.hive_keychain = {
    isDevWallet: true,

    requestHandshake: function (callback) {
      window.setTimeout(function () {
        callback();
      }, 0);
    },

    requestSignBuffer: function (account, message, key, callback, rpcUrl, title) {
      var data = { type: 'signBuffer', username: account, message: message, method: key, rpc: rpcUrl, title: title };
      handle(data, callback, function () {
        var privKey = privateKey(account, key);
        return {
          result: privKey.sign(dhive.cryptoUtils.sha256(message)).toString(),
          message: 'Message signed succesfully.',
          publicKey: privKey.createPublic().toString(),
        };
      });
    },

    requestTransfer: function (account, to, amount, memo, currency, callback, enforce, rpcUrl) {
      var data = {
        type: 'transfer',
        username: account,
        to: to,
        amount: amount,
        memo: memo,
        enforce: enforce || false,
        currency: currency,
        rpc: rpcUrl,
      };
      handle(data, callback, function () {
        var operation = ['transfer', { from: account, to: to, amount: amount + ' ' + currency, memo: memo || '' }];
        return broadcast([operation], privateKey(account, 'Active')).then(function (result) {
          return { result: result, message: 'Transfer of ' + amount + ' ' + currency + ' to @' + to + ' broadcast.' };
        });
      });
    },

    requestSendToken: function (account, to, amount, memo, currency, callback, rpcUrl) {
      var data = { type: 'sendToken', username: account, to: to, amount: amount, memo: memo, currency: currency, rpc: rpcUrl };
      handle(data, callback, function () {
        var payload = { symbol: currency, to: to, quantity: amount, memo: memo };
        var json = { contractName: 'tokens', contractAction: 'transfer', contractPayload: payload };
        var operation = customJsonOperation(account, 'ssc-mainnet-hive', 'Active', json);
        return broadcast([operation], privateKey(account, 'Active')).then(function (result) {
          return { result: result, message: 'Transfer of ' + amount + ' ' + currency + ' to @' + to + ' broadcast.' };
        });
      });
    },

    requestCustomJson: function (account, id, key, json, displayMessage, callback, rpcUrl) {
      var data = { type: 'custom', username: account, id: id, method: key, json: json, display_msg: displayMessage, rpc: rpcUrl };
      handle(data, callback, function () {
        var operation = customJsonOperation(account, id, key, json);
        return broadcast([operation], privateKey(account, key)).then(function (result) {
          return { result: result, message: 'custom_json ' + id + ' broadcast.' };
        });
      });
    },
  };
}
