/**
 * Stand-ins for the browser APIs the alarm service talks to (WebSocket, Web Audio, Notification), for component
 * tests: happy-dom has none of them that can be driven from a test. Our own code is never faked.
 */
import { vi } from 'vitest';

/** A WebSocket class whose instances the test drives from the server's side. */
export function fakeWebSocketClass() {
  const instances: FakeSocket[] = [];
  class FakeSocket {
    readyState = 0;
    readonly sent: string[] = [];
    closedWith: { code?: number; reason?: string } | undefined;
    onopen: ((event: Event) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;

    constructor(readonly url: string) {
      instances.push(this);
    }
    send(data: string) {
      this.sent.push(data);
    }
    close(code?: number, reason?: string) {
      this.closedWith = { code, reason };
      this.readyState = 3;
    }

    serverAccepts() {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    }
    serverSends(message: unknown) {
      this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
    }
    serverDrops() {
      this.readyState = 3;
      this.onclose?.({ code: 1006 });
    }
  }
  return { WebSocket: FakeSocket as unknown as typeof WebSocket, instances };
}
export type FakeSocket = ReturnType<typeof fakeWebSocketClass>['instances'][number];

interface FakeParam {
  value: number;
  setValueAtTime: ReturnType<typeof vi.fn>;
  exponentialRampToValueAtTime: ReturnType<typeof vi.fn>;
}

const param = (value: number): FakeParam => ({
  value,
  setValueAtTime: vi.fn(),
  exponentialRampToValueAtTime: vi.fn(),
});

/** An AudioContext that records the nodes made and when oscillators start; `resumes` decides if resume() works. */
export function fakeAudioContextClass({
  state = 'running',
  resumes = true,
}: {
  state?: AudioContextState;
  resumes?: boolean;
} = {}) {
  const contexts: FakeAudioContext[] = [];
  class FakeAudioContext {
    state: AudioContextState = state;
    currentTime = 10;
    readonly destination = { kind: 'destination' };
    readonly oscillators: Array<{
      type: string;
      frequency: FakeParam;
      start: ReturnType<typeof vi.fn>;
      stop: ReturnType<typeof vi.fn>;
    }> = [];
    readonly gains: Array<{ gain: FakeParam; disconnect: ReturnType<typeof vi.fn> }> = [];
    readonly resume = vi.fn(async () => {
      if (resumes) this.state = 'running';
    });

    constructor() {
      contexts.push(this);
    }
    createOscillator() {
      const node = {
        type: 'sine',
        frequency: param(440),
        start: vi.fn(),
        stop: vi.fn(),
        connect: (next: unknown) => next,
      };
      this.oscillators.push(node);
      return node;
    }
    createGain() {
      const node = { gain: param(1), connect: (next: unknown) => next, disconnect: vi.fn() };
      this.gains.push(node);
      return node;
    }
  }
  return { AudioContext: FakeAudioContext as unknown as typeof AudioContext, contexts };
}

/** A Notification class with the given permission; records what was shown and what the user was asked. */
export function fakeNotificationClass(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: FakeNotification[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    closed = false;
    onclick: (() => void) | null = null;

    constructor(
      readonly title: string,
      readonly options: NotificationOptions,
    ) {
      shown.push(this);
    }
    close() {
      this.closed = true;
    }
  }
  return {
    Notification: FakeNotification as unknown as typeof Notification,
    shown,
    requestPermission: FakeNotification.requestPermission,
  };
}
