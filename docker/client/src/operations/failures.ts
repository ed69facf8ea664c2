// How an operation in the worker can end other than in success.

/** The request cannot be carried out: it becomes `Failed` (no webhook); the message is logged as the reason. */
export class RequestFailure extends Error {
  override readonly name = 'RequestFailure';
}

/**
 * Where the real worker panics (`.first().unwrap()` on an empty array, `todo!()`): with the workerDeath quirk (the
 * default) the worker ends for good with log-panics' line; with it switched off the request just fails. `message` is
 * the panic's own message, `site` where upstream panics.
 */
export class WorkerPanic extends Error {
  override readonly name = 'WorkerPanic';
  constructor(
    message: string,
    readonly site: { readonly file: string; readonly line: number },
  ) {
    super(message);
  }
}
