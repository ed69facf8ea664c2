// Request bodies of the client API as the real serde structs declare them (lib/src/client_models.rs, plume branch
// drivers/rest/models.rs): every field a required JSON string, unknown fields ignored; note `deposit_fee` and
// `child_path` in snake_case, everything else camelCase. A body that does not fit is a warp body rejection (→ 500).
import { z } from 'zod';

export const DepositRequestSchema = z.object({
  ercAddress: z.string(),
  tokenId: z.string(),
  tokenType: z.string(),
  value: z.string(),
  fee: z.string(),
  deposit_fee: z.string(),
});
export type DepositRequest = z.infer<typeof DepositRequestSchema>;

export const TransferRequestSchema = z.object({
  ercAddress: z.string(),
  tokenId: z.string(),
  recipientData: z.object({
    values: z.array(z.string()),
    recipientCompressedZkpPublicKeys: z.array(z.string()),
  }),
  fee: z.string(),
});
export type TransferRequest = z.infer<typeof TransferRequestSchema>;

export const WithdrawRequestSchema = z.object({
  ercAddress: z.string(),
  tokenId: z.string(),
  tokenType: z.string(),
  value: z.string(),
  recipientAddress: z.string(),
  fee: z.string(),
});
export type WithdrawRequest = z.infer<typeof WithdrawRequestSchema>;

/** DeEscrowDataReq: the withdraw's fields plus its salt. */
export const DeEscrowRequestSchema = z.object({
  tokenId: z.string(),
  ercAddress: z.string(),
  recipientAddress: z.string(),
  value: z.string(),
  tokenType: z.string(),
  withdrawFundSalt: z.string(),
});
export type DeEscrowRequest = z.infer<typeof DeEscrowRequestSchema>;

export const KeyRequestSchema = z.object({ mnemonic: z.string(), child_path: z.string() });
export type KeyRequest = z.infer<typeof KeyRequestSchema>;
