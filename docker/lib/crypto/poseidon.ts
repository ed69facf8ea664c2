// Poseidon over BN254 with circom's constants (poseidon-lite). The real client uses jf_primitives' constants, so
// hashes differ from the real network's — a documented simplification: the devnet only needs client and proposer
// to agree with each other.
import { poseidon1, poseidon2, poseidon3, poseidon4, poseidon5, poseidon6 } from 'poseidon-lite';
import { BN254_R } from '../field';

const byArity = [poseidon1, poseidon2, poseidon3, poseidon4, poseidon5, poseidon6] as const;

/** Poseidon of 1 to 6 field elements (each must already be in [0, r)). */
export function poseidon(inputs: readonly bigint[]): bigint {
  const hash = byArity[inputs.length - 1];
  if (!hash) throw new RangeError(`poseidon supports 1 to ${byArity.length} inputs, got ${inputs.length}`);
  for (const x of inputs) {
    // poseidon-lite would reduce silently; an unreduced input is a bug in the caller, so say so.
    if (x < 0n || x >= BN254_R) throw new RangeError(`poseidon input is not a field element: ${x}`);
  }
  return hash([...inputs]);
}
