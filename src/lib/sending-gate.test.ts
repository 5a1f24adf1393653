import { describe, expect, it } from 'vitest';
import { isUpdateHeld, setSendingSource, whenUpdateAllowed, type SendingSource } from './sending-gate';

class FakeEngine implements SendingSource {
  sending = false;
  private listeners = new Set<() => void>();
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(sending: boolean) {
    this.sending = sending;
    this.listeners.forEach((listener) => listener());
  }
}

describe('the service worker update gate', () => {
  it('lets an update through at once when nothing is being sent', async () => {
    setSendingSource(new FakeEngine());
    await expect(whenUpdateAllowed()).resolves.toBeUndefined();
    setSendingSource(null);
  });

  it('waits while the engine is sending and lets the update through when it stops', async () => {
    const engine = new FakeEngine();
    setSendingSource(engine);
    engine.set(true);
    expect(isUpdateHeld()).toBe(true);
    let allowed = false;
    const waiting = whenUpdateAllowed().then(() => {
      allowed = true;
    });
    await Promise.resolve();
    expect(allowed).toBe(false);
    engine.set(false);
    await waiting;
    expect(allowed).toBe(true);
    setSendingSource(null);
  });

  it('lets the update through when the person signs out mid-send', async () => {
    const engine = new FakeEngine();
    setSendingSource(engine);
    engine.set(true);
    const waiting = whenUpdateAllowed();
    setSendingSource(null);
    await expect(waiting).resolves.toBeUndefined();
  });
});
