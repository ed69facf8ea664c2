// How an operation in the worker can end other than in success.

/** The request cannot be carried out: it becomes `Failed` (no webhook); the message is logged as the reason. */
export class RequestFailure extends Error {
  override readonly name = 'RequestFailure';
}

/**
 * Where the real worker panics (`.first().unwrap()` on an empty array, `todo!()`): with the workerDeath quirk the
 * worker stops for good; without it the request just fails.
 */
export class WorkerPanic extends Error {
  override readonly name = 'WorkerPanic';
}
