// What the real client refuses before it sends any approval for a deposit (`set_approval`, the "domain-level guard" of
// each standard: EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/driven/contract_functions/token_contracts.rs): the deposit then fails in the worker (`Failed`,
// no notification) with nothing sent to L1 — unlike the contract's own checks, which the client only meets after its
// approval was mined and which it never sees fail (the escrow receipt is not checked,
// driven/contract_functions/nightfall_contract.rs:112-124). ERC-3525 has no guard: a deposit's value is not checked
// against the token's.
import type { TokenTypeName } from '../../../contracts/abi';
import { RequestFailure } from './failures';

/** The real messages (both builds), logged as the reason of `Failed`. */
export const ApprovalRefusal = {
  erc20TokenId: 'ERC20 approvals should have a token ID of 0',
  erc721Value: 'ERC721 approvals should have a value of 0',
  erc1155Empty: 'ERC1155 approvals should have one of value or token ID non-zero',
} as const;

/** The refusal for a deposit of `value` of `tokenId` as `standard`, or undefined when the approval may be sent. */
export function approvalRefusal(standard: TokenTypeName, value: bigint, tokenId: bigint): string | undefined {
  switch (standard) {
    case 'ERC20':
      return tokenId !== 0n ? ApprovalRefusal.erc20TokenId : undefined;
    case 'ERC721':
      return value !== 0n ? ApprovalRefusal.erc721Value : undefined;
    case 'ERC1155':
      return value === 0n && tokenId === 0n ? ApprovalRefusal.erc1155Empty : undefined;
    default:
      return undefined;
  }
}

/** Throws the RequestFailure the real worker ends the deposit with when the approval guard refuses it. */
export function assertApprovable(standard: TokenTypeName, value: bigint, tokenId: bigint): void {
  const refusal = approvalRefusal(standard, value, tokenId);
  if (refusal) throw new RequestFailure(`DepositError: TokenTypeError: ${refusal}`);
}
