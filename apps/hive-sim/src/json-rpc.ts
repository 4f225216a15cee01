import { ChainRuleError, RPC_CHAIN_ASSERTION, RPC_INTERNAL_ERROR, RPC_INVALID_REQUEST, RpcError } from './errors';

type RpcId = string | number | null;

export type JsonRpcResponse =
  { jsonrpc: '2.0'; id: RpcId; result: unknown } | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string } };

/** Runs one method; throws RpcError or ChainRuleError to answer with an error. */
export type RpcHandler = (method: string, params: unknown) => unknown;

/** Answers a JSON-RPC 2.0 request or batch (an array of requests) with `handler`. */
export function answerJsonRpc(body: unknown, handler: RpcHandler): JsonRpcResponse | JsonRpcResponse[] {
  if (!Array.isArray(body)) return answerOne(body, handler);
  if (body.length === 0) return errorResponse(null, new RpcError(RPC_INVALID_REQUEST, 'empty batch'));
  return body.map((request) => answerOne(request, handler));
}

export function errorResponse(id: RpcId, error: unknown): JsonRpcResponse {
  const code = error instanceof RpcError ? error.code : error instanceof ChainRuleError ? RPC_CHAIN_ASSERTION : RPC_INTERNAL_ERROR;
  const message = error instanceof Error ? error.message : String(error);
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function answerOne(request: unknown, handler: RpcHandler): JsonRpcResponse {
  const id = idOf(request);
  try {
    if (!isRecord(request) || request['jsonrpc'] !== '2.0' || typeof request['method'] !== 'string') {
      throw new RpcError(RPC_INVALID_REQUEST, 'invalid JSON-RPC 2.0 request');
    }
    return { jsonrpc: '2.0', id, result: handler(request['method'], request['params']) };
  } catch (error) {
    return errorResponse(id, error);
  }
}

function idOf(request: unknown): RpcId {
  const id = isRecord(request) ? request['id'] : null;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
