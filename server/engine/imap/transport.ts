/**
 * The sockets under the engine's imapflow connections (imapflow's `transport` option): the same
 * connections imapflow opens by itself — TCP or TLS to host and port, the servername and TLS options
 * as given, STARTTLS wrapping the open socket — except that a large write reaches the socket a piece
 * at a time.
 *
 * Why: imapflow writes a message's APPEND literal as one Buffer, and Node's TLS layer encrypts all
 * of a write at once into memory of its own before any of it leaves, so a 50 MB message held a second
 * 50 MB of ciphertext outside the JavaScript heap until the server had read it all (a 50 MB APPEND to
 * Dovecot peaked at 197 MB resident; in pieces, 146 MB). Here the next piece goes down only once the
 * last has left, so the ciphertext held is one piece whatever the message. Pieces are views of the
 * caller's Buffer, never copies; bytes and order are unchanged.
 */
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { ImapTransport, ImapTransportOptions } from 'imapflow';

const PIECE_BYTES = 256 * 1024;

type WriteCallback = (error?: Error | null) => void;

function inPieces<S extends Duplex>(socket: S): S {
  const writeOne = socket._write.bind(socket);
  // Without _writev, chunks queued behind a busy write reach _write one by one; with it, Node's
  // socket would join them into one buffer for the TLS layer: the copy this avoids.
  socket._writev = undefined;
  socket._write = (chunk: unknown, encoding: BufferEncoding, done: WriteCallback) => {
    if (!Buffer.isBuffer(chunk) || chunk.length <= PIECE_BYTES) return writeOne(chunk, encoding, done);
    let offset = 0;
    const next: WriteCallback = (error) => {
      if (error || offset >= chunk.length) return done(error);
      const piece = chunk.subarray(offset, offset + PIECE_BYTES);
      offset += piece.length;
      writeOne(piece, encoding, next);
    };
    next();
  };
  return socket;
}

const tlsOptions = (options: ImapTransportOptions): tls.ConnectionOptions => ({
  host: options.host,
  port: options.port,
  ...(options.servername ? { servername: options.servername } : {}),
  ...options.tls,
});

export const piecewiseTransport: ImapTransport = {
  connect: (options, onConnect) =>
    inPieces(
      options.secure ? tls.connect(tlsOptions(options), onConnect) : net.connect({ host: options.host, port: options.port }, onConnect),
    ),
  upgrade: (socket, options, onSecure) => inPieces(tls.connect({ ...tlsOptions(options), socket }, onSecure)),
};
