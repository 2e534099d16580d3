import {
  connect,
  ErrorCode,
  Events,
  JSONCodec,
  NatsError,
  type NatsConnection,
  type Subscription,
} from 'nats';
import { BusTimeoutError, NoResponderError, type Bus } from './bus.ts';

export interface NatsBusOptions {
  /** One or more NATS server URLs, comma-separated (`nats://127.0.0.1:4222`). */
  servers: string;
  /**
   * Put before every subject, so that several deployments (or test runs) on one NATS server do
   * not hear each other.
   */
  subjectPrefix: string;
  /** Shown by the NATS server's monitoring for this connection. */
  name?: string;
}

/** What travels back for a request: the answer, or the responder's failure by name. */
type Reply =
  { ok: true; answer: unknown } | { ok: false; error: { name: string; message: string } };

const codec = JSONCodec<unknown>();

const isNatsError = (error: unknown, code: ErrorCode) =>
  error instanceof NatsError && error.code === String(code);

/**
 * The bus across several nodes: events fan out to every node's subscribers, and a request goes to
 * the one node serving its subject (the node holding that charger's socket). NATS answers at once
 * when nobody serves a subject, which is how an offline charger is told apart from a slow one.
 */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const connection: NatsConnection = await connect({
    servers: options.servers.split(',').map((server) => server.trim()),
    name: options.name ?? 'evc-server',
    // A node that loses NATS keeps trying; its own chargers and callers go on meanwhile.
    maxReconnectAttempts: -1,
  });
  const subject = (name: string) => `${options.subjectPrefix}.${name}`;
  /** This node's responder per subject: serving a subject again replaces the previous one. */
  const responders = new Map<string, Subscription>();
  // Followed from the connection's status: lost at a disconnect, back at a reconnect.
  let reachable = true;
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === Events.Disconnect) reachable = false;
      if (status.type === Events.Reconnect) reachable = true;
    }
  })();

  return {
    publish(name, event) {
      // A node shutting down still reports its chargers Offline as their sockets close; with the
      // connection closed there is no one left to tell, and the database holds the state anyway.
      if (connection.isClosed() || connection.isDraining()) return;
      connection.publish(subject(name), codec.encode(event));
    },

    subscribe(name, listener, subscribeOptions) {
      const subscription = connection.subscribe(subject(name), {
        ...(subscribeOptions?.group ? { queue: subscribeOptions.group } : {}),
        callback: (error, message) => {
          if (error) return;
          listener(codec.decode(message.data));
        },
      });
      return () => subscription.unsubscribe();
    },

    async request(name, payload, timeoutMs) {
      let message;
      try {
        message = await connection.request(subject(name), codec.encode(payload), {
          timeout: timeoutMs,
        });
      } catch (error) {
        if (isNatsError(error, ErrorCode.NoResponders)) throw new NoResponderError(name);
        if (isNatsError(error, ErrorCode.Timeout)) throw new BusTimeoutError(name);
        throw error;
      }
      const reply = codec.decode(message.data) as Reply;
      if (reply.ok) return reply.answer;
      if (reply.error.name === 'BusTimeoutError') throw new BusTimeoutError(name);
      // The responder no longer serves what was asked (a charger it let go of).
      if (reply.error.name === 'NoResponderError') throw new NoResponderError(name);
      const failure = new Error(reply.error.message);
      failure.name = reply.error.name;
      throw failure;
    },

    respond(name, handler) {
      responders.get(name)?.unsubscribe();
      // No queue group: a responder's subject is its own (a node's, ADR 0031), so that a request
      // never goes to a responder that only shared a group with the one meant.
      const subscription = connection.subscribe(subject(name), {
        callback: (error, message) => {
          if (error) return;
          void Promise.resolve()
            .then(() => handler(codec.decode(message.data)))
            .then(
              (answer): Reply => ({ ok: true, answer }),
              (failure: unknown): Reply => ({
                ok: false,
                error:
                  failure instanceof Error
                    ? { name: failure.name, message: failure.message }
                    : { name: 'Error', message: String(failure) },
              }),
            )
            .then((reply) => message.respond(codec.encode(reply)));
        },
      });
      responders.set(name, subscription);
      return () => {
        subscription.unsubscribe();
        if (responders.get(name) === subscription) responders.delete(name);
      };
    },

    connected: () => reachable && !connection.isClosed(),

    async close() {
      responders.clear();
      // Lets replies already on their way go out before the connection ends.
      await connection.drain();
    },
  };
}
