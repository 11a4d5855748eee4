/** Awaits a promise that must reject and hands back what it rejected with. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error;
  }
  throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
}
