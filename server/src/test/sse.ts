import type { LiveEvent } from "@shared/schemas/events";

/** A live connection to GET /api/events on a listening server, collecting what arrives. */
export async function connectEvents(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status}`);
  const received: LiveEvent[] = [];
  const waiters: { test: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split("\n")
            .filter((l) => l.startsWith("data: "))
            .map((l) => l.slice(6))
            .join("\n");
          if (data) {
            const event = JSON.parse(data) as LiveEvent;
            received.push(event);
            for (const w of [...waiters]) {
              if (w.test(event)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(event);
              }
            }
          }
          cut = buffer.indexOf("\n\n");
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    received,
    /** Resolves with the first matching event (already received or still to come). */
    waitFor(test: (e: LiveEvent) => boolean, timeoutMs = 10_000): Promise<LiveEvent> {
      const seen = received.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("timed out waiting for an event")), timeoutMs);
        waiters.push({
          test,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => controller.abort(),
    /** Resolves when the server ends the stream (or it is closed here). */
    ended,
  };
}
