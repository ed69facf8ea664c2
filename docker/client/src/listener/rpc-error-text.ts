// How an L1 error reads in the real client's messages: alloy's RpcError as `{:?}` (plume's `.expect(…)` panic) and as
// `{}` (head's "Provider error: …"). Only the shapes the devnet can produce: a JSON-RPC error answer, or a transport
// failure.
import { BaseError } from 'viem';
import { rustDebugString } from '../notify/rust-debug';

interface RpcAnswer {
  readonly code: number;
  readonly message: string;
}

function rpcAnswer(error: unknown): RpcAnswer | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const found = error.walk(
    (e) => typeof (e as { code?: unknown }).code === 'number' && (e as { code: number }).code !== 0,
  );
  if (!found) return undefined;
  const { code, details, shortMessage } = found as BaseError & { code: number };
  return { code, message: details || shortMessage };
}

function firstLine(error: unknown): string {
  return (
    error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  ).split('\n')[0]!;
}

/** `{e:?}` of alloy's RpcError<TransportErrorKind>. */
export function rpcErrorDebug(error: unknown): string {
  const answer = rpcAnswer(error);
  if (answer)
    return `ErrorResp(ErrorPayload { code: ${answer.code}, message: ${rustDebugString(answer.message)}, data: None })`;
  return `Transport(Custom(${rustDebugString(firstLine(error))}))`;
}

/** `{e}` of the same error. */
export function rpcErrorDisplay(error: unknown): string {
  const answer = rpcAnswer(error);
  if (answer) return `server returned an error response: error code ${answer.code}: ${answer.message}`;
  return firstLine(error);
}
