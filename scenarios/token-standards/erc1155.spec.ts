// ERC-1155 through the private layer, both ways the standard is used: an id with an amount (fungible: Alice pays Bob
// part of it, Bob withdraws part of that) and an id minted once with amount 1 (the standard's non-fungible item, moved
// whole). L1 balances per id are exact for Alice, the Nightfall escrow and Bob at every step.
// The steps and what must hold after each are in ./asset-round-trip.ts.
import { assetRoundTrip } from './asset-round-trip';

assetRoundTrip({ standard: 'ERC1155', feature: 'ERC-1155 fungible id', granted: '100', transferred: '40', withdrawn: '15' });
assetRoundTrip({ standard: 'ERC1155', feature: 'ERC-1155 non-fungible id', granted: '1' });
