// Answers a request the HTTP parser refused before any route saw it (headers too large, a
// malformed request line, a client that stalls) in the same body as every other failure
// (`{"Message": "…", "code": "…", "issues": []}`), then closes the connection as Node itself would.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@gatehouse/contracts';
import { errorBodyOf, messages } from '../errors.js';

interface Answer {
  status: number;
  code: ErrorCode;
  message: string;
}
const answers: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: messages.headersTooLarge,
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message: messages.requestTimeout,
  },
};
const malformed: Answer = { status: 400, code: 'bad_request', message: messages.malformedRequest };

/** Fastify's `clientErrorHandler`: one plain HTTP/1.1 answer on the raw socket. */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = answers[error.code ?? ''] ?? malformed;
  const body = JSON.stringify(errorBodyOf(message, code));
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
