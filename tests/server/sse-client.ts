/** A minimal Server-Sent Events reader over fetch, for tests. */
export interface EventStream {
  /** The stream's response headers. */
  headers: Headers;
  received: { event: string; data: string }[];
  text: () => string;
  waitFor: (predicate: (text: string) => boolean, timeoutMs?: number) => Promise<void>;
  /** Whether the server has ended the stream. */
  ended: () => boolean;
  close: () => void;
}

export async function openEventStream(url: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
  let buffer = '';
  let ended = false;
  const received: { event: string; data: string }[] = [];
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          ended = true;
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        for (const block of buffer.split('\n\n').slice(0, -1)) {
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data && !received.some((r) => r.data === data && r.event === event)) received.push({ event, data });
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    headers: response.headers,
    received,
    text: () => buffer,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(buffer)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting on the stream; got: ${buffer}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    ended: () => ended,
    close: () => controller.abort(),
  };
}
