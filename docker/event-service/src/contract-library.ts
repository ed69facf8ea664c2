// The contracts a user of the double has uploaded to MultiBaas's library: each devnet contract under a label, with its
// complete compiled ABI (every event and function solc emits, e.g. a token's Approval and ApprovalForAll, not a subset),
// so that a linked address delivers every event its contract emits, as a real deployment does. Linking an address to
// one of these labels (`POST /chains/ethereum/addresses/{address}/contracts`) is what makes its events synced.
import type { Abi } from 'viem';
import collectible from '../../contracts/build/Collectible.json' with { type: 'json' };
import multiToken from '../../contracts/build/MultiToken.json' with { type: 'json' };
import nightfallHead from '../../contracts/build/NightfallHead.json' with { type: 'json' };
import nightfallPlume from '../../contracts/build/NightfallPlume.json' with { type: 'json' };
import roundRobin from '../../contracts/build/RoundRobin.json' with { type: 'json' };
import slotToken from '../../contracts/build/SlotToken.json' with { type: 'json' };
import stablecoin from '../../contracts/build/Stablecoin.json' with { type: 'json' };
import wrappedGas from '../../contracts/build/WrappedGas.json' with { type: 'json' };
import x509 from '../../contracts/build/X509.json' with { type: 'json' };

export interface LibraryContract {
  /** The library label (SPEC Label: a slug). */
  readonly label: string;
  /** The contract's name as uploaded. */
  readonly name: string;
  readonly version: string;
  readonly abi: Abi;
}

const entry = (label: string, name: string, artifact: { abi: unknown }): LibraryContract => ({
  label,
  name,
  version: '1.0',
  abi: artifact.abi as Abi,
});

/** The devnet's contracts by label. Both Nightfall generations are in the library; a devnet links the one it deployed. */
export const CONTRACT_LIBRARY: ReadonlyMap<string, LibraryContract> = new Map(
  [
    entry('nightfall_plume', 'NightfallPlume', nightfallPlume),
    entry('nightfall_head', 'NightfallHead', nightfallHead),
    entry('round_robin', 'RoundRobin', roundRobin),
    entry('x509', 'X509', x509),
    entry('wrapped_gas', 'WrappedGas', wrappedGas),
    entry('stablecoin', 'Stablecoin', stablecoin),
    entry('collectible', 'Collectible', collectible),
    entry('multi_token', 'MultiToken', multiToken),
    entry('slot_token', 'SlotToken', slotToken),
  ].map((contract) => [contract.label, contract]),
);
