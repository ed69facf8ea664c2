// A scenario worker in miniature, for tests/chain/funder-desk.test.ts: a separate process that funds fresh identities
// through the funder desk with the Funder, as a scenario's cast does. Input: one JSON argument; output: one JSON line.
import { parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { z } from 'zod';
import { Funder, funderDeskWallet, FunderDeskAccess, L1Token, publicChainClient } from '../../../fixtures/chain';
import { recordingLogger } from '../../../fixtures/log';

const Input = z.object({
  rpcUrl: z.url(),
  chainId: z.number(),
  desk: FunderDeskAccess,
  tokens: z.array(L1Token),
  identities: z.number().int().positive(),
});
const input = Input.parse(JSON.parse(process.argv[2] ?? '{}'));

const { chain, publicClient } = publicChainClient({ rpcUrl: input.rpcUrl, chainId: input.chainId });
const funder = new Funder({
  publicClient,
  walletClient: funderDeskWallet(chain, input.desk),
  tokens: input.tokens,
  receiptTimeoutMs: 30_000,
  logger: recordingLogger(),
});
const identities: Address[] = Array.from({ length: input.identities }, () => privateKeyToAddress(generatePrivateKey()));
const grant = {
  native: parseEther('0.01'),
  tokens: Object.fromEntries(input.tokens.map((token) => [token.symbol, 10n ** BigInt(token.decimals)])),
};
try {
  const { receipts } = await funder.fund(identities.map((to) => ({ to, ...grant })));
  console.log(JSON.stringify({ identities, transactions: receipts.map((r) => r.transactionHash) }));
} catch (error) {
  console.log(JSON.stringify({ error: (error as Error).message }));
  process.exitCode = 1;
}
