/** Thrown inside the copy loop when the destination asks to wait longer than is worth waiting in place. */
import type { PauseReason } from './ports.ts';

export class TransferPause extends Error {
  constructor(
    readonly reason: PauseReason,
    readonly resumeAt: number,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'TransferPause';
  }
}
