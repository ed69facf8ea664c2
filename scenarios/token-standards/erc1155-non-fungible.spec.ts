// ERC-1155 through the private layer as the standard's non-fungible use: an id minted once with amount 1, deposited,
// paid to Bob and withdrawn whole; L1 balances of the id are exact for Alice, the Nightfall escrow and Bob at every
// step. (The fungible use is ./erc1155-fungible.spec.ts.) The steps and what must hold after each are in
// ./asset-round-trip.ts.
import { assetRoundTrip } from './asset-round-trip';

assetRoundTrip({ standard: 'ERC1155', feature: 'ERC-1155 non-fungible id', granted: '1' });
