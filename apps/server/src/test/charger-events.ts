import { chargerLiveEvent, type ChargerLiveEvent } from '@evc/contract';

/** What a client has read from the charger event stream: its events and its comment lines. */
export interface ChargerStreamSeen {
  events: ChargerLiveEvent[];
  comments: string[];
}

/**
 * Reads GET /api/events/chargers until `enough` says stop; leaving the loop cancels the stream,
 * which ends the subscription on the server.
 */
export async function readChargerStream(
  response: Response,
  enough: (seen: ChargerStreamSeen) => boolean,
): Promise<ChargerStreamSeen> {
  if (!response.body) throw new Error('no body');
  const decoder = new TextDecoder();
  const seen: ChargerStreamSeen = { events: [], comments: [] };
  let buffer = '';
  for await (const value of response.body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (block.startsWith('event: charger') && data) {
        seen.events.push(chargerLiveEvent.parse(JSON.parse(data)));
      } else if (block.startsWith(':')) {
        seen.comments.push(block.slice(1).trim());
      }
      end = buffer.indexOf('\n\n');
    }
    if (enough(seen)) break;
  }
  return seen;
}

/** Reads `event: charger` messages from the stream until `enough` says stop. */
export async function readChargerEvents(
  response: Response,
  enough: (events: ChargerLiveEvent[]) => boolean,
): Promise<ChargerLiveEvent[]> {
  return (await readChargerStream(response, (seen) => enough(seen.events))).events;
}
