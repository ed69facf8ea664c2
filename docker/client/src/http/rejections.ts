// How the real client's warp server answers a rejected request (handle_rejection,
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/mod.rs:64-120): "no route" → 404
// NOT_FOUND; a ClientRejection → its own status and text; anything else (wrong method, unreadable body, a handler's
// private rejection) → 500 INTERNAL_SERVER_ERROR. Every body is plain text.
import { DropConnection, HttpError } from '../../../../lib/http/router';
import { INTERNAL_SERVER_ERROR } from '../../../lib/warp';

const ClientRejection = {
  NoSuchToken: { status: 404, body: 'No such token' },
  InvalidTokenId: { status: 400, body: 'Invalid token id' },
  InvalidRequestId: { status: 400, body: 'Invalid request id' },
  QueueFull: { status: 503, body: 'Queue is full' },
  DatabaseError: { status: 500, body: 'Database error or duplicate transaction' },
  InvalidCommitmentKey: { status: 400, body: 'Invalid commitment key' },
  CommitmentNotFound: { status: 404, body: 'Commitment not found' },
  ProposerError: { status: 503, body: 'Failed to get list of Proposers' },
  RequestNotFound: { status: 404, body: 'No such request' },
  FailedDeEscrow: { status: 400, body: 'Failed to de-escrow funds' },
  SynchronisationUnavailable: { status: 503, body: 'Synchronisation service unavailable' },
} as const;
export type ClientRejectionName = keyof typeof ClientRejection;

/** Thrown by handlers; the server answers its mapped reply. */
export class Rejection extends HttpError {
  override readonly name = 'Rejection';
  constructor(
    /** A ClientRejection, or `other` for every rejection the real handler maps to 500 (its generic branch). */
    readonly kind: ClientRejectionName | 'other',
    /** For the log; never sent. */
    readonly detail: string = kind,
  ) {
    const { status, message } =
      kind === 'other'
        ? INTERNAL_SERVER_ERROR
        : { status: ClientRejection[kind].status, message: ClientRejection[kind].body };
    super(status, message);
  }
}

export const reject = (kind: ClientRejectionName | 'other', detail?: string): Rejection => new Rejection(kind, detail);

/**
 * Where the real handler would panic (e.g. an `.expect()` on a value it cannot convert): the connection task dies
 * and the caller gets no HTTP response at all. The server reproduces that by destroying the socket.
 */
export class HandlerPanic extends DropConnection {
  override readonly name = 'HandlerPanic';
}
