/**
 * How the nodes of the platform talk: events fanned out to every subscriber (publish/subscribe)
 * and commands answered by whichever node serves their subject (request/reply). The in-process
 * bus serves one node; a NATS bus carries the same calls across several.
 */
export interface Bus {
  publish(subject: string, event: unknown): void;
  /**
   * Calls `listener` for every event on `subject`; returns the unsubscribe function. Listeners
   * sharing a `group` share the work: each event reaches one of them, on whichever node (for
   * work that must happen once, such as settling a finished session).
   */
  subscribe(
    subject: string,
    listener: (event: unknown) => void,
    options?: { group?: string },
  ): () => void;
  /**
   * Sends a request to the one responder of `subject` and waits for its answer. Rejects with
   * `NoResponderError` when nobody serves the subject and `BusTimeoutError` after `timeoutMs`.
   */
  request(subject: string, payload: unknown, timeoutMs: number): Promise<unknown>;
  /**
   * Serves requests on `subject`, which only this responder serves; returns the function that
   * stops serving. A handler that throws NoResponderError answers as if nobody served it.
   */
  respond(subject: string, handler: (payload: unknown) => Promise<unknown>): () => void;
  /** False while the bus cannot reach the other nodes (NATS lost, trying again). */
  connected(): boolean;
  close(): Promise<void>;
}

export class NoResponderError extends Error {
  constructor(readonly subject: string) {
    super(`nobody answers ${subject}`);
    this.name = 'NoResponderError';
  }
}

export class BusTimeoutError extends Error {
  constructor(readonly subject: string) {
    super(`no answer on ${subject} in time`);
    this.name = 'BusTimeoutError';
  }
}
