// An ERC-3525 token with value in a slot through the private layer: the whole token goes into escrow, Alice pays Bob
// part of its value privately, Bob withdraws part of that, and de-escrow pays it out as a new token of the same slot —
// its value and slot checked on L1, with the escrowed token keeping the rest.
// The steps and what must hold after each are in ./asset-round-trip.ts.
import { assetRoundTrip } from './asset-round-trip';

assetRoundTrip({ standard: 'ERC3525', feature: 'ERC-3525', granted: '100', transferred: '40', withdrawn: '15' });
