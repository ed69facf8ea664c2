// RoundRobin: registration (exact stake, unique URL, certified), the ring order clients read, rotation (upstream's
// window: ROTATION_BLOCKS + 64 FINALIZATION_BLOCKS, RoundRobin.sol:143-152,296-300 @ plume_testnet_deployer), removal; the
// devnet has one registry for both generations (their differences are stake penalties and the inactive-proposer skip,
// which the devnet models in neither).
import { parseEventLogs, type HDAccount } from 'viem';
import { describe, expect, it } from 'vitest';
import { contractGenerations, roundRobinAbi } from '../../docker/contracts/abi';
import { DEFAULT_PROPOSER_STAKE, DEFAULT_ROTATION_BLOCKS } from '../../docker/deployer/deploy';
import { proposeBlock } from './support/actions';
import { PROPOSER_URL, revertReasonOf, roles, useContractsDevnet } from './support/devnet';
import { block, dummySlot } from './support/nightfall-model';

const STAKE = DEFAULT_PROPOSER_STAKE;

describe.each(contractGenerations)('RoundRobin beside %s-era Nightfall', (generation) => {
  const devnet = useContractsDevnet(generation);

  const registry = (account?: HDAccount) => devnet().contracts(account).roundRobin;
  const register = (proposer: HDAccount, url: string, value = STAKE) =>
    registry(proposer).write.add_proposer([url], { value });
  const deregister = (proposer: HDAccount) => registry(proposer).write.remove_proposer();
  const rotate = () => registry(roles.dave).write.rotate_proposer();
  const proposers = () => registry().read.get_proposers();
  const current = () => registry().read.get_current_proposer_address();

  const A = roles.proposer.address;
  const B = roles.carol.address;
  const C = roles.bob.address;

  it('lists the ring in turn order, current proposer first, newcomers joining at the end', async () => {
    await devnet().mined(register(roles.carol, 'http://proposer2:3000'));
    await devnet().mined(register(roles.bob, 'http://proposer3:3000'));
    expect(await proposers()).toEqual([
      { stake: STAKE, addr: A, url: PROPOSER_URL, next_addr: B, previous_addr: C },
      { stake: STAKE, addr: B, url: 'http://proposer2:3000', next_addr: C, previous_addr: A },
      { stake: STAKE, addr: C, url: 'http://proposer3:3000', next_addr: A, previous_addr: B },
    ]);
    expect(await devnet().publicClient.getBalance({ address: devnet().deployment.roundRobin })).toBe(3n * STAKE);
  });

  it.each([
    ['less', STAKE - 1n],
    ['more', STAKE + 1n],
  ])('refuses a stake of %s than STAKE', async (_, value) => {
    expect(await revertReasonOf(register(roles.carol, 'http://proposer2:3000', value))).toBe('Wrong stake paid');
  });

  it('refuses a URL already in use, a second registration and an uncertified proposer', async () => {
    expect(await revertReasonOf(register(roles.carol, PROPOSER_URL))).toBe('URL already in use');
    await devnet().mined(register(roles.carol, 'http://proposer2:3000'));
    expect(await revertReasonOf(register(roles.carol, 'http://proposer3:3000'))).toBe('Already a proposer');
    const uncertified = register(roles.outsider, 'http://proposer4:3000');
    expect(await revertReasonOf(uncertified)).toBe('Certified: not authorised by X509');
  });

  const NOT_TIME = 'It is not time to rotate the proposer';
  /** Mines until the next transaction lands `blocksAfterStart` L1 blocks after the current turn began. */
  const mineUntilNextTxLandsAt = async (blocksAfterStart: bigint) => {
    const { publicClient, testClient } = devnet();
    const start = await registry().read.start_l1_block();
    const head = await publicClient.getBlockNumber();
    const blocks = start + blocksAfterStart - 1n - head;
    if (blocks > 0n) await testClient.mine({ blocks: Number(blocks) });
  };

  it('adds the 64 FINALIZATION_BLOCKS of upstream to every turn', async () => {
    expect(await registry().read.FINALIZATION_BLOCKS()).toBe(64n);
  });

  // The deployment is mined past its bootstrap turn (docker/deployer/deploy.ts), so each test first rotates to open a
  // turn of its own.
  it('refuses to rotate one block before ROTATION_BLOCKS + FINALIZATION_BLOCKS have passed', async () => {
    await devnet().mined(register(roles.carol, 'http://proposer2:3000'));
    await devnet().mined(rotate());
    await mineUntilNextTxLandsAt(DEFAULT_ROTATION_BLOCKS + 64n - 1n);
    expect(await revertReasonOf(rotate())).toBe(NOT_TIME);
    expect(await current()).toBe(B);
  });

  it('rotates to the next proposer once ROTATION_BLOCKS + FINALIZATION_BLOCKS have passed, and only the new one may propose', async () => {
    const { mined } = devnet();
    await mined(register(roles.carol, 'http://proposer2:3000'));
    await mined(rotate());
    expect(await revertReasonOf(rotate())).toBe(NOT_TIME);

    await mineUntilNextTxLandsAt(DEFAULT_ROTATION_BLOCKS + 64n);
    const receipt = await mined(rotate());
    const [rotated] = parseEventLogs({ abi: roundRobinAbi, logs: receipt.logs, eventName: 'ProposerRotated' });
    expect(rotated?.args.proposer.addr).toBe(A);
    expect(await current()).toBe(A);
    expect(await registry().read.start_l1_block()).toBe(receipt.blockNumber);
    expect((await proposers()).map((proposer) => proposer.addr)).toEqual([A, B]);

    const byFormerProposer = proposeBlock(devnet(), block([dummySlot]), roles.carol);
    expect(await revertReasonOf(byFormerProposer)).toBe('Only the current proposer can propose a block');
    await mined(proposeBlock(devnet(), block([dummySlot])));
    expect(await revertReasonOf(rotate())).toBe(NOT_TIME);
  });

  it('removes a proposer, hands the turn on when it was current, frees its URL and returns its stake', async () => {
    const { publicClient, mined } = devnet();
    await mined(register(roles.carol, 'http://proposer2:3000'));
    await mined(register(roles.bob, 'http://proposer3:3000'));

    await mined(deregister(roles.carol));
    const links = (await proposers()).map((proposer) => [proposer.addr, proposer.next_addr, proposer.previous_addr]);
    expect(links).toEqual([
      [A, C, C],
      [C, A, A],
    ]);

    const receipt = await mined(deregister(roles.proposer));
    const [rotated] = parseEventLogs({ abi: roundRobinAbi, logs: receipt.logs, eventName: 'ProposerRotated' });
    const alone = { stake: STAKE, addr: C, url: 'http://proposer3:3000', next_addr: C, previous_addr: C };
    expect(rotated?.args.proposer).toEqual(alone);
    expect(await proposers()).toEqual([rotated?.args.proposer]);
    expect(await revertReasonOf(deregister(roles.bob))).toBe('Cannot deregister the only active proposer');
    expect(await revertReasonOf(deregister(roles.proposer))).toBe('Proposer does not exist');

    await mined(register(roles.dave, PROPOSER_URL));
    expect(await registry().read.pending_withdraws([roles.carol.address])).toBe(STAKE);
    const before = await publicClient.getBalance({ address: roles.carol.address });
    const withdrawal = await mined(registry(roles.carol).write.withdraw([STAKE]));
    expect(await devnet().balanceDeltaExcludingGas(roles.carol.address, before, withdrawal)).toBe(STAKE);
  });

  it('lets only the owner bootstrap, and only once', async () => {
    const bootstrap = (caller: HDAccount) =>
      registry(caller).write.bootstrapDefaultProposer([caller.address, 'http://other:3000'], { value: STAKE });
    expect(await revertReasonOf(bootstrap(roles.deployer))).toBe('Already bootstrapped');
    // OpenZeppelin's OwnableUnauthorizedAccount(address)
    expect(await revertReasonOf(bootstrap(roles.alice))).toBe('0x118cdaa7');
  });
});
