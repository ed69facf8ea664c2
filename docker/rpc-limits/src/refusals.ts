// What the limiting endpoint answers when it refuses, in the shapes hosted providers and nodes use, so that the
// harness meets on the devnet the errors it will meet on the network:
// - a block range too wide: reth's "query exceeds max block range N" with code -32602, as quoted among the providers'
//   answers in github:foundry-rs/foundry issue 12687 (which asks cast to page eth_getLogs for this reason);
// - too many logs: Infura's "query returned more than N results", code -32005
//   (https://docs.metamask.io/services/reference/linea/json-rpc-methods/eth_getlogs);
// - too many requests: HTTP 429 with Infura's body, code -32005 "project ID request rate exceeded" and its `data`
//   (current_rps, allowed_rps, backoff_seconds) (https://docs.infura.io/api/networks/ethereum/how-to/avoid-rate-limiting);
// - a method a hosted endpoint does not serve (node-control namespaces, unlocked-account signing): geth's -32601
//   "the method X does not exist/is not available".

export type JsonRpcId = string | number | null;

export interface JsonRpcError {
  jsonrpc: '2.0';
  id: JsonRpcId;
  error: { code: number; message: string; data?: unknown };
}

const error = (id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcError => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

export const refuse = {
  range: (id: JsonRpcId, maxRange: number) => error(id, -32602, `query exceeds max block range ${maxRange}`),
  results: (id: JsonRpcId, maxResults: number) => error(id, -32005, `query returned more than ${maxResults} results`),
  rate: (id: JsonRpcId, rate: { currentRps: number; allowedRps: number; backoffSeconds: number }) =>
    error(id, -32005, 'project ID request rate exceeded', {
      see: 'https://infura.io/docs/ethereum/jsonrpc/ratelimits',
      current_rps: rate.currentRps,
      allowed_rps: rate.allowedRps,
      backoff_seconds: rate.backoffSeconds,
    }),
  method: (id: JsonRpcId, method: string) => error(id, -32601, `the method ${method} does not exist/is not available`),
  invalidRequest: (id: JsonRpcId) => error(id, -32600, 'invalid request'),
  parse: () => error(null, -32700, 'parse error'),
  upstream: (id: JsonRpcId) => error(id, -32603, 'internal error: the node did not answer'),
};

/** Methods a hosted endpoint does not serve: node control and signing with keys held by the node. */
export function isServedMethod(method: string): boolean {
  if (!/^(eth|net|web3)_/.test(method)) return false;
  return (
    !['eth_sendTransaction', 'eth_sign', 'eth_signTransaction'].includes(method) &&
    !method.startsWith('eth_signTypedData')
  );
}
