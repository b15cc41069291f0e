// Answers a request the HTTP parser refused before any route saw it (headers too large, a
// malformed request line, a client that stalls) in the same `{"Message": "…"}` shape as every
// other failure, then closes the connection as Node itself would.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '../errors.js';

const answers: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: messages.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: messages.requestTimeout },
};
const malformed = { status: 400, message: messages.malformedRequest };

/** Fastify's `clientErrorHandler`: one plain HTTP/1.1 answer on the raw socket. */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = answers[error.code ?? ''] ?? malformed;
  const body = JSON.stringify({ Message: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
