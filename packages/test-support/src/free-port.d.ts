/** A loopback port nothing listens on at the moment of asking. */
export function freePort(): Promise<number>;

/**
 * A loopback port held until `release()`: the server listens with `listenOptions` (the port on
 * loopback, shared with the reservation) first, then the reservation is released.
 */
export function reservePort(): Promise<{
  port: number;
  listenOptions: { port: number; host: string; reusePort: true };
  release(): Promise<void>;
}>;
