// The error an assertion or a call under test failed with, for tests that check a failure's class or message; each
// throws when nothing failed, so that such a test cannot pass on a success.

/** What `promise` rejected with; throws when it fulfilled. */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => ({ failed: false as const }),
    (error: unknown) => ({ failed: true as const, error }),
  );
  if (!outcome.failed) throw new Error('nothing failed: the promise fulfilled');
  return outcome.error as Error;
}

/** What `call` threw; throws when it returned. */
export function failureOfCall(call: () => unknown): Error {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing failed: the call returned');
}

/** What `promise` rejected with, which must be an instance of `type` (anything else is thrown on). */
export async function failureOfType<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await failureOf(promise);
  if (!(error instanceof type)) throw new Error(`expected a ${type.name}, got ${String(error)}`, { cause: error });
  return error;
}
