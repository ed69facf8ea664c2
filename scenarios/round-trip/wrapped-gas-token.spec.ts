// Two users, each with their own client, move the wrapped gas token (an ERC-20 of 18 decimals) from public L1 balances
// into private commitments, pay each other privately and take the funds back out: deposit, private transfer,
// withdraw, de-escrow. The steps and what must hold after each are in ./private-round-trip.ts. It learns of the
// layer's contract events from signed deliveries pushed to the harness's receiver.
import { privateRoundTrip } from './private-round-trip';

privateRoundTrip('wrapped gas token', { contractEvents: 'push' });
