// Escrow and de-escrow of ERC-721, ERC-1155 and ERC-3525 tokens, per the rules of
// EYBlockchain/nightfall_4_CE @ master 6ee83be : blockchain_assets/contracts/Nightfall.sol:461-495,597-638, in both
// generations (the ERC-3525 de-escrow, where they part, is in generations.test.ts).
import { parseAbi, parseEventLogs, type Address, type HDAccount } from 'viem';
import { describe, expect, it } from 'vitest';
import { contractGenerations, nightfallAbi, TokenType } from '../../docker/contracts/abi';
import { proposeBlockMined } from './support/actions';
import { revertReasonOf, roles, useContractsDevnet } from './support/devnet';
import {
  block,
  depositKey,
  depositSlot,
  field,
  nfSlotIdOfSlot,
  nfTokenId,
  withdrawDataOf,
  withdrawSlot,
} from './support/nightfall-model';

describe.each(contractGenerations)('Nightfall with non-fungible and semi-fungible tokens, %s era', (generation) => {
  const devnet = useContractsDevnet(generation);

  function escrow(user: HDAccount, ercAddress: Address, tokenId: bigint, value: bigint, tokenType: number) {
    const args = [0n, ercAddress, tokenId, value, field('secret'), tokenType] as const;
    return devnet().contracts(user).nightfall.write.escrow_funds(args);
  }

  /** Redeems the deposit in one block, then withdraws `value` of it to Bob in the next, and Bob de-escrows it. */
  interface Escrowed {
    nfTokenId: bigint;
    nfSlotId: bigint;
    value: bigint;
  }
  async function withdrawToBob(deposit: Escrowed, value: bigint, tokenType: number) {
    const { nfTokenId: nf_token_id, nfSlotId: nf_slot_id } = deposit;
    const key = depositKey({ nf_token_id, nf_slot_id, value: deposit.value, secret_hash: field('secret') });
    await proposeBlockMined(devnet(), block([depositSlot([key])], 0n, 'deposit block'));
    const recipient_address = roles.bob.address;
    const slot = withdrawSlot({ fee: 0n, nf_token_id, recipient_address, value, nullifier: field('spent') });
    await proposeBlockMined(devnet(), block([slot], 0n, 'withdraw block'));
    const { nightfall } = devnet().contracts(roles.bob);
    return devnet().mined(nightfall.write.descrow_funds([withdrawDataOf(slot), tokenType]));
  }

  const tokenInfo = (id: bigint) => devnet().tokenInfo(id);
  const tokenInfoOf = (ercAddress: Address, tokenId: bigint, tokenType: number) =>
    devnet().tokenInfoOf(ercAddress, tokenId, tokenType);

  describe('ERC-721', () => {
    const tokenId = 426n;
    async function mintAndApprove() {
      const { deployment, contracts, mined } = devnet();
      await mined(contracts().erc721.write.mint([roles.alice.address, tokenId]));
      await mined(contracts(roles.alice).erc721.write.approve([deployment.nightfall, tokenId]));
      return deployment.tokens.erc721;
    }
    const ownerOf = () => devnet().contracts().erc721.read.ownerOf([tokenId]);

    it('escrows the token with value 0 and de-escrows it to the recipient', async () => {
      const erc721 = await mintAndApprove();
      await devnet().mined(escrow(roles.alice, erc721, tokenId, 0n, TokenType.ERC721));
      expect(await ownerOf()).toBe(devnet().deployment.nightfall);
      const id = nfTokenId(erc721, tokenId);
      expect(await tokenInfo(id)).toEqual(tokenInfoOf(erc721, tokenId, TokenType.ERC721));

      await withdrawToBob({ nfTokenId: id, nfSlotId: id, value: 0n }, 0n, TokenType.ERC721);
      expect(await ownerOf()).toBe(roles.bob.address);
    });

    it('rejects a deposit with a non-zero value', async () => {
      const erc721 = await mintAndApprove();
      const deposit = escrow(roles.alice, erc721, tokenId, 1n, TokenType.ERC721);
      expect(await revertReasonOf(deposit)).toBe('ERC721 tokens should have a value of zero');
    });
  });

  describe('ERC-1155', () => {
    const tokenId = 2n;
    async function mintAndApprove() {
      const { deployment, contracts, mined } = devnet();
      await mined(contracts().erc1155.write.mint([roles.alice.address, tokenId, 100n]));
      await mined(contracts(roles.alice).erc1155.write.setApprovalForAll([deployment.nightfall, true]));
      return deployment.tokens.erc1155;
    }
    const balancesOf = (...owners: Address[]) =>
      Promise.all(owners.map((owner) => devnet().contracts().erc1155.read.balanceOf([owner, tokenId])));

    it('escrows an amount of one id and de-escrows part of it to the recipient', async () => {
      const erc1155 = await mintAndApprove();
      const nightfall = devnet().deployment.nightfall;
      await devnet().mined(escrow(roles.alice, erc1155, tokenId, 60n, TokenType.ERC1155));
      expect(await balancesOf(roles.alice.address, nightfall)).toEqual([40n, 60n]);
      const id = nfTokenId(erc1155, tokenId);
      expect(await tokenInfo(id)).toEqual(tokenInfoOf(erc1155, tokenId, TokenType.ERC1155));

      await withdrawToBob({ nfTokenId: id, nfSlotId: id, value: 60n }, 25n, TokenType.ERC1155);
      expect(await balancesOf(roles.bob.address, nightfall)).toEqual([25n, 35n]);
    });

    it('refuses batch transfers into Nightfall', async () => {
      const erc1155 = await mintAndApprove();
      const batch = devnet()
        .as(roles.alice)
        .writeContract({
          address: erc1155,
          abi: parseAbi(['function safeBatchTransferFrom(address, address, uint256[], uint256[], bytes)']),
          functionName: 'safeBatchTransferFrom',
          // Two entries: OpenZeppelin delivers a one-entry batch through onERC1155Received.
          args: [roles.alice.address, devnet().deployment.nightfall, [tokenId, tokenId], [1n, 1n], '0x'],
        });
      expect(await revertReasonOf(batch)).toBe('Unsupported by Nightfall');
    });
  });

  describe('ERC-3525', () => {
    const slot = 5n;

    it("escrows the whole token, filed under the slot's id", async () => {
      const { deployment, contracts, mined } = devnet();
      const erc3525 = deployment.tokens.erc3525;
      const token = (tokenId: bigint) => {
        const { read } = contracts().erc3525;
        return Promise.all([read.ownerOf([tokenId]), read.slotOf([tokenId]), read.balanceOf([tokenId])]);
      };

      const mint = [roles.alice.address, slot, 100n] as const;
      const { result: tokenId } = await contracts().erc3525.simulate.mint(mint, { account: roles.deployer });
      await mined(contracts().erc3525.write.mint(mint));
      await mined(contracts(roles.alice).erc3525.write.approve([deployment.nightfall, tokenId]));

      const receipt = await mined(escrow(roles.alice, erc3525, tokenId, 100n, TokenType.ERC3525));
      expect(await token(tokenId)).toEqual([deployment.nightfall, slot, 100n]);
      const id = nfTokenId(erc3525, tokenId);
      const slotId = nfSlotIdOfSlot(erc3525, slot);
      const events = parseEventLogs({ abi: nightfallAbi, logs: receipt.logs, eventName: 'DepositEscrowed' });
      expect(events.map((event) => event.args)).toEqual([{ nfSlotId: slotId, value: 100n }]);
      expect(await tokenInfo(id)).toEqual(tokenInfoOf(erc3525, tokenId, TokenType.ERC3525));
    });
  });
});
