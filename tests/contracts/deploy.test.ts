// deployDevnet: every contract deployed and wired as the devnet needs it, with either generation of Nightfall.
import { encodeFunctionData, getAddress, size, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { contractGenerations, nightfallPlumeAbi, TokenType } from '../../docker/contracts/abi';
import { DEFAULT_PROPOSER_STAKE, DEFAULT_ROTATION_BLOCKS, deployDevnet } from '../../docker/deployer/deploy';
import { devnetDeployRoles } from '../../fixtures/network/dev-accounts';
import { proposeBlockMined } from './support/actions';
import { PROPOSER_URL, roles, useContractsDevnet } from './support/devnet';
import { block, dummySlot, feeTokenId } from './support/nightfall-model';

describe.each(contractGenerations)('deployDevnet with %s-era contracts', (generation) => {
  const devnet = useContractsDevnet(generation);

  it('reports the generation it deployed', () => {
    expect(devnet().deployment.contracts).toBe(generation);
  });

  it('deploys every contract at the returned addresses, from the reported block on', async () => {
    const { deployment, publicClient } = devnet();
    expect(deployment.chainId).toBe(31337);
    const { nightfall, roundRobin, x509, tokens } = deployment;
    const addresses: Address[] = [nightfall, roundRobin, x509, ...Object.values(tokens)];
    expect(new Set(addresses).size).toBe(8);
    for (const address of addresses) {
      expect(address).toBe(getAddress(address));
      expect(await publicClient.getCode({ address })).toMatch(/^0x[0-9a-f]{2,}/);
    }
    const codeAt = (blockNumber: bigint) => publicClient.getCode({ address: x509, blockNumber });
    expect(await codeAt(deployment.deployBlock)).toMatch(/^0x[0-9a-f]{2,}/);
    expect(await codeAt(deployment.deployBlock - 1n)).toBeUndefined();
  });

  it('certifies the deployer, the proposer and the allowlist, and nobody else', async () => {
    const { x509 } = devnet().contracts();
    for (const user of [roles.deployer, roles.proposer, roles.alice, roles.bob, roles.carol, roles.dave]) {
      expect(await x509.read.x509Check([user.address])).toBe(true);
    }
    expect(await x509.read.x509Check([roles.outsider.address])).toBe(false);
  });

  it('registers the proposer with the dev stake', async () => {
    const { deployment, publicClient, contracts } = devnet();
    const { roundRobin } = contracts();
    const proposer = roles.proposer.address;
    expect(deployment.proposers).toEqual([{ address: proposer, url: PROPOSER_URL }]);
    expect(await roundRobin.read.STAKE()).toBe(DEFAULT_PROPOSER_STAKE);
    expect(await roundRobin.read.ROTATION_BLOCKS()).toBe(DEFAULT_ROTATION_BLOCKS);
    expect(await roundRobin.read.get_current_proposer_address()).toBe(proposer);
    expect(await roundRobin.read.get_proposers()).toEqual([
      { stake: 4n, addr: proposer, url: PROPOSER_URL, next_addr: proposer, previous_addr: proposer },
    ]);
    expect(await publicClient.getBalance({ address: deployment.roundRobin })).toBe(4n);
  });

  it('links Nightfall to the registry, so the registered proposer can propose at once', async () => {
    const receipt = await proposeBlockMined(devnet(), block([dummySlot]));
    expect(receipt.logs).toHaveLength(1);
  });

  it('maps the fee token id to Nightfall itself', async () => {
    const { deployment, contracts } = devnet();
    const feeId = await contracts().nightfall.read.fee_token_id();
    expect(feeId).toBe(feeTokenId(deployment.nightfall));
    expect(await devnet().tokenInfo(feeId)).toEqual(devnet().tokenInfoOf(deployment.nightfall, 0n, TokenType.FeeToken));
  });

  it('makes the deployer the owner who mints every token', async () => {
    const { contracts, mined } = devnet();
    const { stablecoin, erc721, erc1155, erc3525 } = contracts(roles.deployer);
    const alice = roles.alice.address;
    await mined(stablecoin.write.mint([alice, 5n]));
    await mined(erc721.write.mint([alice, 426n]));
    await mined(erc1155.write.mint([alice, 2n, 100n]));
    await mined(erc3525.write.mint([alice, 5n, 100n]));
    expect(await stablecoin.read.balanceOf([alice])).toBe(5n);
    expect(await erc721.read.ownerOf([426n])).toBe(alice);
    expect(await erc1155.read.balanceOf([alice, 2n])).toBe(100n);
    expect(await erc3525.read.ownerOf([1n])).toBe(alice);
  });

  it('rejects malformed options before touching the chain, without echoing the key', async () => {
    const secretLooking = 'not-a-key-but-secret' as Hex;
    const attempt = deployDevnet({
      rpcUrl: 'http://127.0.0.1:1',
      deployerKey: secretLooking,
      proposer: { key: secretLooking, url: PROPOSER_URL },
      allowlist: [],
    });
    await expect(attempt).rejects.toThrow(/private key/);
    await expect(attempt).rejects.not.toThrow(secretLooking);
  });
});

describe('deployDevnet unless told the generation', () => {
  const devnet = useContractsDevnet('head');

  it("deploys the plume-era contracts, the test network's", async () => {
    const { publicClient, rpcUrl } = devnet();
    const deployment = await deployDevnet({ rpcUrl, ...devnetDeployRoles(PROPOSER_URL), allowlist: [] });
    expect(deployment.contracts).toBe('plume');
    // Two words from getTokenInfo: the plume era's answer (generations.test.ts shows it for both).
    const probe = encodeFunctionData({ abi: nightfallPlumeAbi, functionName: 'getTokenInfo', args: [0n] });
    const { data } = await publicClient.call({ to: deployment.nightfall, data: probe });
    expect(data && size(data)).toBe(64);
  });
});
