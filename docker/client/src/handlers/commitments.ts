// GET /v1/commitments and /v1/commitment/{hash} (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/drivers/rest/commitment.rs:15-52): commitments in any status, as CommitmentEntry JSON (the head
// build adds token_type).
import { parseFieldHex } from '../../../lib/field';
import { commitmentEntryJson } from '../commitments/entry-json';
import type { ClientContext } from '../context';
import { reject } from '../http/rejections';
import { json, type Reply } from '../../../../lib/http/reply';

export function commitmentsHandler(ctx: ClientContext) {
  return async (): Promise<Reply> =>
    json(
      200,
      ctx.store.commitments().map((c) => commitmentEntryJson(c, ctx.profile.commitmentTokenType)),
    );
}

export function commitmentHandler(ctx: ClientContext) {
  return async (_req: unknown, params: Record<string, string>): Promise<Reply> => {
    let hash: bigint;
    try {
      hash = parseFieldHex(params.hash!);
    } catch {
      throw reject('InvalidCommitmentKey');
    }
    const found = ctx.store.commitment(hash);
    if (!found) throw reject('CommitmentNotFound');
    return json(200, commitmentEntryJson(found, ctx.profile.commitmentTokenType));
  };
}
