// The proposer as the devnet's clients reach it: each client's hosts file names this service `proposer` (the host of
// the URL registered on chain), so its transactions arrive here and are passed on to the real proposer. The real client
// posts every transfer and withdraw to the URLs read on chain and nowhere else, so the link can only be faulted by
// standing where that name leads. The sender is told apart by its address: the network aliases of the clients that
// opened an L1 route are resolved, and the one whose address matches names the lane whose proposer conditions apply
// (a poor network: latency with jitter, loss, a partition that heals; ./route-conditions.ts).
import { lookup } from 'node:dns/promises';
import { request } from 'undici';
import { DropConnection } from '../../../lib/http/router';
import { text, type Reply } from '../../../lib/http/reply';
import type { RouteConditions } from './route-conditions';

const PROPOSER_TIMEOUT_MS = 60_000;

export interface ProposerFrontLog {
  warn(message: string): void;
}

/** Who sent a request to the proposer: a client's name and its proposer conditions, or nobody known. */
export interface ProposerSender {
  name: string;
  conditions: RouteConditions;
}

/** IPv4 peers show as ::ffff:a.b.c.d on a dual-stack socket. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/**
 * Finds the client behind a peer address among `knownClients()`' aliases, resolving them again when the address is
 * new to it (a restarted container may come back on another address). A known address is checked against its name
 * first: Docker hands a removed container's address to the next one, so on a busy devnet a new client can post from
 * an address that was another client's.
 */
export class SenderDirectory {
  readonly #byAddress = new Map<string, string>();

  constructor(private readonly knownClients: () => readonly string[]) {}

  async nameOf(peerAddress: string | undefined): Promise<string | undefined> {
    if (!peerAddress) return undefined;
    const address = plainAddress(peerAddress);
    const cached = this.#byAddress.get(address);
    if (cached && (await addressesOf(cached)).includes(address)) return cached;
    this.#byAddress.clear();
    await Promise.all(
      this.knownClients().map(async (name) => {
        for (const resolved of await addressesOf(name)) this.#byAddress.set(resolved, name);
      }),
    );
    return this.#byAddress.get(address);
  }
}

async function addressesOf(name: string): Promise<string[]> {
  const found = await lookup(name, { all: true }).catch(() => []);
  return found.map(({ address }) => address);
}

/** Passes one request on to the proposer under the sender's conditions, and relays its answer. */
export async function relayToProposer(options: {
  proposerUrl: string;
  path: string;
  body: Buffer;
  contentType: string | undefined;
  sender: ProposerSender | undefined;
  log: ProposerFrontLog;
}): Promise<Reply> {
  const treatment = options.sender?.conditions.treat(false);
  if (treatment && treatment.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, treatment.delayMs));
  if (treatment?.fate === 'drop')
    throw new DropConnection(`condition injected: ${options.sender!.name}'s request to the proposer lost`);
  try {
    const answer = await request(new URL(options.path, options.proposerUrl), {
      method: 'POST',
      headers: { 'content-type': options.contentType ?? 'application/json' },
      body: options.body,
      headersTimeout: PROPOSER_TIMEOUT_MS,
      bodyTimeout: PROPOSER_TIMEOUT_MS,
    });
    const body = await answer.body.text();
    const contentType = answer.headers['content-type'];
    return { status: answer.statusCode, body, ...(typeof contentType === 'string' ? { contentType } : {}) };
  } catch (error) {
    options.log.warn(
      `the proposer at ${options.proposerUrl} did not answer ${options.path}: ${(error as Error).message}`,
    );
    return text(502, 'the proposer did not answer');
  }
}
