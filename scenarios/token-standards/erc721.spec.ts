// An ERC-721 item through the private layer: deposited with value 0 (the contract requires it), paid privately to
// Bob, withdrawn whole and de-escrowed — L1 ownership moves Alice → Nightfall escrow → Bob, and the L2 view agrees.
// The steps and what must hold after each are in ./asset-round-trip.ts.
import { assetRoundTrip } from './asset-round-trip';

assetRoundTrip({ standard: 'ERC721', feature: 'ERC-721' });
