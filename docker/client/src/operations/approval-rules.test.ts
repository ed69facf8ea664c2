import { describe, expect, it } from 'vitest';
import { ApprovalRefusal, approvalRefusal, assertApprovable } from './approval-rules';
import { RequestFailure } from './failures';

describe("the client's approval guards per token standard (token_contracts.rs set_approval)", () => {
  it.each([
    ['ERC20', 5n, 0n, undefined],
    ['ERC20', 5n, 1n, ApprovalRefusal.erc20TokenId],
    ['ERC721', 0n, 426n, undefined],
    ['ERC721', 1n, 426n, ApprovalRefusal.erc721Value],
    ['ERC721', 0n, 0n, undefined], // token id 0 is a valid NFT id
    ['ERC1155', 0n, 73n, undefined], // an id as a non-fungible item
    ['ERC1155', 10n, 0n, undefined], // id 0 with an amount
    ['ERC1155', 0n, 0n, ApprovalRefusal.erc1155Empty],
    ['ERC3525', 0n, 7n, undefined], // no guard: the value is not checked against the token's
    ['ERC3525', 10n ** 30n, 7n, undefined],
  ] as const)('%s value %s token id %s → %s', (standard, value, tokenId, expected) => {
    expect(approvalRefusal(standard, value, tokenId)).toBe(expected);
  });

  it('fails the request with the real message', () => {
    expect(() => assertApprovable('ERC721', 1n, 426n)).toThrow(
      new RequestFailure(`DepositError: TokenTypeError: ${ApprovalRefusal.erc721Value}`),
    );
    expect(() => assertApprovable('ERC721', 0n, 426n)).not.toThrow();
  });
});
