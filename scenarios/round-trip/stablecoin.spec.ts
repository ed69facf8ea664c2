// Two users, each with their own client, move the stablecoin (an ERC-20 of 6 decimals) from public L1 balances into
// private commitments, pay each other privately and take the funds back out: deposit, private transfer, withdraw,
// de-escrow. The steps and what must hold after each are in ./private-round-trip.ts. It learns of the layer's
// contract events by pulling the event service's events API, as a harness behind NAT must.
import { privateRoundTrip } from './private-round-trip';

privateRoundTrip('stablecoin', { contractEvents: 'pull' });
