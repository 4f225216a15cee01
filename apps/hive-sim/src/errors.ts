/** A request that breaks a chain rule (bad account, funds, signature...): JSON-RPC -32003, HTTP 400. */
export class ChainRuleError extends Error {
  override readonly name = 'ChainRuleError';
}

/** A JSON-RPC error with its protocol code. */
export class RpcError extends Error {
  override readonly name = 'RpcError';

  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const RPC_PARSE_ERROR = -32700;
export const RPC_INVALID_REQUEST = -32600;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;
export const RPC_INTERNAL_ERROR = -32603;
/** What hived answers for a failed chain assertion; dhive treats it as a user error, not a node fault. */
export const RPC_CHAIN_ASSERTION = -32003;
