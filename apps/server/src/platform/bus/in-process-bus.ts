import { BusTimeoutError, NoResponderError, type Bus } from './bus.ts';

interface Listener {
  deliver: (event: unknown) => void;
  group: string | undefined;
}

/** The bus of a single node: events and requests stay in this process. */
export function createInProcessBus(): Bus {
  const listeners = new Map<string, Set<Listener>>();
  const responders = new Map<string, (payload: unknown) => Promise<unknown>>();

  return {
    publish(subject, event) {
      const served = new Set<string>();
      for (const listener of listeners.get(subject) ?? []) {
        if (listener.group !== undefined) {
          if (served.has(listener.group)) continue;
          served.add(listener.group);
        }
        // One failing listener must not keep the event from the others.
        queueMicrotask(() => listener.deliver(event));
      }
    },

    subscribe(subject, deliver, options) {
      let set = listeners.get(subject);
      if (!set) listeners.set(subject, (set = new Set()));
      const listener: Listener = { deliver, group: options?.group };
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(subject);
      };
    },

    request(subject, payload, timeoutMs) {
      const handler = responders.get(subject);
      if (!handler) return Promise.reject(new NoResponderError(subject));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new BusTimeoutError(subject)), timeoutMs);
        handler(payload).then(
          (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },

    respond(subject, handler) {
      responders.set(subject, handler);
      return () => {
        if (responders.get(subject) === handler) responders.delete(subject);
      };
    },

    connected: () => true,

    close() {
      listeners.clear();
      responders.clear();
      return Promise.resolve();
    },
  };
}
