// The client's database (the real one's MongoDB `nightfall` collections, EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/driven/db/mongo.rs): commitments, requests, request↔commitment mappings and the digests of
// processed L2 blocks. Kept in memory, persisted as one JSON document in the configured directory after every change
// (atomic replace), so it survives a container restart. Mutations apply at once and return a promise that settles when
// they are on disk; writes are serialised and coalesced. Semantics follow the Mongo queries of the real client, quirks
// included (see each method).
import { join } from 'node:path';
import type { Hex } from 'viem';
import { modR, toHex64 } from '../../../lib/field';
import type { CommitmentRecord, CommitmentStatus } from '../commitments/model';
import { readFileIfExists, writeFileAtomically } from '../../../../lib/files/atomic-write';
import {
  parseStore,
  serialiseStore,
  type RequestCommitmentMapping,
  type RequestRecord,
  type RequestStatus,
  type StoreContents,
  type StoredBlock,
} from './schema';

export type { RequestRecord, RequestStatus, StoredBlock } from './schema';

export const STORE_FILE_NAME = 'nightfall-client.json';

/** A write to the store failed: the real client's `DatabaseError`. */
export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
}

export class ClientStore {
  readonly #path: string;
  readonly #commitments = new Map<bigint, CommitmentRecord>();
  #requests: RequestRecord[] = [];
  readonly #mappings: RequestCommitmentMapping[] = [];
  readonly #blocks = new Map<number, StoredBlock>();
  #writeChain: Promise<void> = Promise.resolve();
  #scheduledWrite: Promise<void> | undefined;

  private constructor(directory: string) {
    this.#path = join(directory, STORE_FILE_NAME);
  }

  /** Opens (or creates) the store in `directory`. */
  static async open(directory: string): Promise<ClientStore> {
    const store = new ClientStore(directory);
    const text = await readFileIfExists(store.#path);
    if (text !== undefined) store.#load(parseStore(text));
    return store;
  }

  #load(contents: StoreContents): void {
    for (const c of contents.commitments) this.#commitments.set(c.hash, c);
    this.#requests = contents.requests;
    this.#mappings.push(...contents.requestCommitmentMappings);
    for (const b of contents.blocks) this.#blocks.set(b.layer2BlockNumber, b);
  }

  /** Resolves once the state as of now is on disk. */
  flush(): Promise<void> {
    if (!this.#scheduledWrite) {
      const write = this.#writeChain.then(async () => {
        this.#scheduledWrite = undefined; // later changes need a later write
        await writeFileAtomically(this.#path, serialiseStore(this.#snapshot()));
      });
      this.#scheduledWrite = write;
      this.#writeChain = write.catch(() => undefined);
    }
    return this.#scheduledWrite.catch((error: unknown) => {
      throw new DatabaseError(`could not persist the client store: ${String(error)}`);
    });
  }

  #snapshot(): StoreContents {
    return {
      commitments: [...this.#commitments.values()],
      requests: this.#requests,
      requestCommitmentMappings: this.#mappings,
      blocks: [...this.#blocks.values()],
    };
  }

  // ── commitments ──────────────────────────────────────────────────────────────────────────────────────────────

  commitment(hash: bigint): CommitmentRecord | undefined {
    return this.#commitments.get(hash);
  }

  commitments(): CommitmentRecord[] {
    return [...this.#commitments.values()];
  }

  /** Inserts new commitments; like a Mongo insert on `_id`, an existing hash is a DatabaseError (nothing written). */
  insertCommitments(records: readonly CommitmentRecord[]): Promise<void> {
    const clash = records.find((r) => this.#commitments.has(r.hash));
    if (clash) return Promise.reject(new DatabaseError(`commitment ${toHex64(clash.hash)} already stored`));
    for (const r of records) this.#commitments.set(r.hash, r);
    return this.flush();
  }

  /** Inserts or replaces (the real listener's store_commitments without duplicate check, used while catching up). */
  upsertCommitments(records: readonly CommitmentRecord[]): Promise<void> {
    for (const r of records) this.#commitments.set(r.hash, r);
    return this.flush();
  }

  deleteCommitments(hashes: readonly bigint[]): Promise<void> {
    for (const h of hashes) this.#commitments.delete(h);
    return this.flush();
  }

  /** `Unspent` commitments of one nf token id: what selection may spend and what balances add up. */
  unspent(nfTokenId: bigint): CommitmentRecord[] {
    return this.commitments().filter((c) => c.status === 'Unspent' && c.preimage.nfTokenId === nfTokenId);
  }

  /** Sum of the Unspent values, or undefined when there is none (the API's 404 `No such token`). */
  balance(nfTokenId: bigint): bigint | undefined {
    const unspent = this.unspent(nfTokenId);
    return unspent.length === 0 ? undefined : modR(unspent.reduce((sum, c) => sum + c.preimage.value, 0n)); // an Fr sum
  }

  /** Sets the status of the given commitments whatever it was (the real updates filter on `_id` only). */
  setStatus(hashes: readonly bigint[], status: CommitmentStatus): Promise<void> {
    for (const h of hashes) this.#update(h, { status });
    return this.flush();
  }

  /**
   * A block put these commitments on chain: `Unspent` + where — for *any* stored commitment with that hash, whatever
   * its status (mark_commitments_unspent has no status filter; a replay at start-up therefore turns a PendingSpend
   * whose spend never landed back into Unspent, as in the real client). `layer2BlockNumber` undefined = leave it.
   */
  markOnChain(
    hashes: readonly bigint[],
    layer1TransactionHash: Hex,
    layer2BlockNumber: number | undefined,
  ): Promise<void> {
    for (const h of hashes) {
      this.#update(h, {
        status: 'Unspent',
        layer1TransactionHash,
        ...(layer2BlockNumber === undefined ? {} : { layer2BlockNumber }),
      });
    }
    return this.flush();
  }

  /** Every stored commitment whose nullifier is among `nullifiers` becomes `Spent`. */
  markSpent(nullifiers: readonly bigint[]): Promise<void> {
    const spent = new Set(nullifiers.filter((n) => n !== 0n));
    for (const c of this.#commitments.values()) if (spent.has(c.nullifier)) this.#update(c.hash, { status: 'Spent' });
    return this.flush();
  }

  #update(hash: bigint, change: Partial<Omit<CommitmentRecord, 'hash' | 'preimage'>>): void {
    const current = this.#commitments.get(hash);
    if (current) this.#commitments.set(hash, { ...current, ...change });
  }

  // ── requests (dropped at every start: nightfall_client/src/main.rs:44-46 @ master 6ee83be) ─────────────────────────

  /** Appends a request document; ids are not unique (no index in the real DB), lookups act on the first match. */
  addRequest(uuid: string, status: RequestStatus): Promise<void> {
    this.#requests.push({ uuid, status });
    return this.flush();
  }

  request(uuid: string): RequestRecord | undefined {
    return this.#requests.find((r) => r.uuid === uuid);
  }

  updateRequest(uuid: string, change: Partial<Omit<RequestRecord, 'uuid'>>): Promise<void> {
    const index = this.#requests.findIndex((r) => r.uuid === uuid);
    if (index >= 0) {
      const updated: RequestRecord = { ...this.#requests[index]!, ...change };
      if (change.childRequestArgs === undefined && 'childRequestArgs' in change) delete updated.childRequestArgs;
      this.#requests[index] = updated;
    }
    return this.flush();
  }

  dropRequests(): Promise<void> {
    this.#requests = [];
    return this.flush();
  }

  // ── request ↔ commitment mappings (kept across restarts) ─────────────────────────────────────────────────────

  addMappings(requestId: string, commitmentHashes: readonly bigint[]): Promise<void> {
    for (const h of commitmentHashes) this.#mappings.push({ requestId, commitmentHash: toHex64(h) });
    return this.flush();
  }

  /** Request ids mapped to a commitment hash (64 hex), in insertion order, duplicates included. */
  requestsFor(commitmentHash: string): string[] {
    return this.#mappings.filter((m) => m.commitmentHash === commitmentHash).map((m) => m.requestId);
  }

  // ── processed blocks ─────────────────────────────────────────────────────────────────────────────────────────

  block(layer2BlockNumber: number): StoredBlock | undefined {
    return this.#blocks.get(layer2BlockNumber);
  }

  /** The highest L2 block number processed so far (across restarts), or undefined before the first one. */
  lastProcessedBlock(): number | undefined {
    let last: number | undefined;
    for (const n of this.#blocks.keys()) if (last === undefined || n > last) last = n;
    return last;
  }

  storeBlock(block: StoredBlock): Promise<void> {
    this.#blocks.set(block.layer2BlockNumber, block);
    return this.flush();
  }
}
