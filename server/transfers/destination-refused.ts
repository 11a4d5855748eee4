/** Why a destination could not be reached before anything was copied; the worker records it as the operation's failure. */
export class DestinationRefused extends Error {
  constructor(
    readonly reason: 'destination-unreachable' | 'internal',
    detail: string,
  ) {
    super(detail);
    this.name = 'DestinationRefused';
  }
}
