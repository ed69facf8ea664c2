// The contracts the service watches, as MultiBaas knows a linked contract: an address, the contract's name and label
// (the ABI it was uploaded as) and the address's own label. Only events of these ABIs are delivered, as MultiBaas
// delivers only events of contracts linked with event sync on.
import type { Abi, Address } from 'viem';
import {
  erc1155Abi,
  erc3525Abi,
  erc721Abi,
  nightfallAbi,
  roundRobinAbi,
  stablecoinAbi,
  wrappedGasAbi,
} from '../../contracts/abi';
import type { ContractAddresses } from '../../lib/addresses';
import type { TokenKind } from './settings';

export interface WatchedContract {
  readonly address: Address;
  /** The contract (ABI) name, e.g. `Nightfall`. */
  readonly name: string;
  /** The contract's label, e.g. `nightfall`. */
  readonly label: string;
  /** The label of this address, e.g. `nightfall` (one deployment per contract on the devnet). */
  readonly addressLabel: string;
  readonly abi: Abi;
}

const TOKEN_CONTRACTS: Record<TokenKind, { name: string; label: string; abi: Abi }> = {
  wrappedGas: { name: 'WrappedGas', label: 'wrapped_gas', abi: wrappedGasAbi },
  stablecoin: { name: 'Stablecoin', label: 'stablecoin', abi: stablecoinAbi },
  erc721: { name: 'DevnetERC721', label: 'devnet_erc721', abi: erc721Abi },
  erc1155: { name: 'DevnetERC1155', label: 'devnet_erc1155', abi: erc1155Abi },
  erc3525: { name: 'DevnetERC3525', label: 'devnet_erc3525', abi: erc3525Abi },
};

export class ContractCatalog {
  readonly #byAddress = new Map<string, WatchedContract>();

  constructor(contracts: readonly WatchedContract[]) {
    for (const contract of contracts) this.#byAddress.set(contract.address.toLowerCase(), contract);
  }

  /** Nightfall and RoundRobin from addresses.toml, plus the given token contracts. */
  static forDevnet(addresses: Pick<ContractAddresses, 'nightfall' | 'roundRobin'>, tokens: Partial<Record<TokenKind, Address>>): ContractCatalog {
    const tokenContracts = Object.entries(tokens).map(([kind, address]) => {
      const { name, label, abi } = TOKEN_CONTRACTS[kind as TokenKind];
      return { address, name, label, addressLabel: label, abi };
    });
    return new ContractCatalog([
      { address: addresses.nightfall, name: 'Nightfall', label: 'nightfall', addressLabel: 'nightfall', abi: nightfallAbi },
      { address: addresses.roundRobin, name: 'RoundRobin', label: 'round_robin', addressLabel: 'round_robin', abi: roundRobinAbi },
      ...tokenContracts,
    ]);
  }

  get addresses(): Address[] {
    return [...this.#byAddress.values()].map((contract) => contract.address);
  }

  byAddress(address: string | null | undefined): WatchedContract | undefined {
    return address ? this.#byAddress.get(address.toLowerCase()) : undefined;
  }
}
