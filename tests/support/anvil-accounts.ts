// anvil's well-known devnet accounts, derived from its public dev mnemonic (funded with 10,000 ETH at start).
// They are public test keys and worthless; still, never print them.
import { toHex, type Hex } from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';

/** The well-known anvil/hardhat devnet mnemonic (public, test only). */
export const ANVIL_DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** Roles the devnet gives to anvil's dev accounts (design: account 0 deploys and funds, account 9 proposes). */
export const AnvilAccountIndex = { deployer: 0, proposer: 9 } as const;

export function anvilDevAccount(index: number): HDAccount {
  return mnemonicToAccount(ANVIL_DEV_MNEMONIC, { addressIndex: index });
}

/** The private key of an anvil dev account, for APIs that take a key rather than an account. */
export function anvilDevKey(index: number): Hex {
  const privateKey = anvilDevAccount(index).getHdKey().privateKey;
  if (!privateKey) throw new Error(`anvil dev account ${index} has no private key`);
  return toHex(privateKey);
}
