// How the real services' warp servers answer what no handler answers, as lib/http/router.ts rejection tables
// (nightfall_client/src/drivers/rest/mod.rs handle_rejection; nightfall_proposer/src/drivers/rest/mod.rs @ master):
// no route for the path → the client's 404 NOT_FOUND, the proposer's 500 (it has no 404 branch); a route for the path
// but not the method, an unreadable body, a handler's unexpected error → 500 INTERNAL_SERVER_ERROR. Every such body
// is plain text. And warp::body::json(), the JSON body filter both services' routes use.
import { HttpError, type RejectionReplies } from '../../lib/http/router';

const NOT_FOUND = { status: 404, message: 'NOT_FOUND' } as const;
export const INTERNAL_SERVER_ERROR = { status: 500, message: 'INTERNAL_SERVER_ERROR' } as const;

export const CLIENT_REJECTIONS: RejectionReplies = {
  unknownPath: NOT_FOUND,
  wrongMethod: INTERNAL_SERVER_ERROR,
  tooLarge: INTERNAL_SERVER_ERROR,
  badBody: INTERNAL_SERVER_ERROR,
  internal: INTERNAL_SERVER_ERROR,
};

export const PROPOSER_REJECTIONS: RejectionReplies = { ...CLIENT_REJECTIONS, unknownPath: INTERNAL_SERVER_ERROR };

/** A body warp::body::json() refuses: answers 500 INTERNAL_SERVER_ERROR; `detail` is for the log. */
export class WarpBodyRejection extends HttpError {
  override readonly name = 'WarpBodyRejection';
  constructor(readonly detail: string) {
    super(INTERNAL_SERVER_ERROR.status, INTERNAL_SERVER_ERROR.message);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** `mime` type/subtype of a Content-Type value, lower-cased; undefined if unparsable. */
function mediaType(value: string): string | undefined {
  const essence = value.split(';')[0]!.trim().toLowerCase();
  return /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(essence) ? essence : undefined;
}

/**
 * warp::body::json() without the shape check: a missing Content-Type is fine, any other than application/json (type
 * and subtype compared, so no `+json`) is not, nor is a body that is not UTF-8 JSON. Validate the result with zod.
 */
export function warpJson(body: Buffer, contentType: string | undefined): unknown {
  if (contentType !== undefined && mediaType(contentType) !== 'application/json') {
    throw new WarpBodyRejection(`unsupported content type ${JSON.stringify(contentType)}`);
  }
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new WarpBodyRejection('request body is not UTF-8');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new WarpBodyRejection(`request body deserialize error: ${(error as Error).message}`);
  }
}
