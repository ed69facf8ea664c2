// ERC-1155 through the private layer as the standard's fungible use: an id with an amount. Alice pays Bob part of it,
// Bob withdraws part of that; L1 balances per id are exact for Alice, the Nightfall escrow and Bob at every step.
// (The non-fungible use, an id minted once with amount 1, is ./erc1155-non-fungible.spec.ts: a file of its own, so
// that the two run side by side.) The steps and what must hold after each are in ./asset-round-trip.ts.
import { assetRoundTrip } from './asset-round-trip';

assetRoundTrip({
  standard: 'ERC1155',
  feature: 'ERC-1155 fungible id',
  granted: '100',
  transferred: '40',
  withdrawn: '15',
});
