import { afterEach, describe, expect, it, vi } from 'vitest';
import { playSound, resetAudioForTests } from './sounds';

class FakeParam {
  values: number[] = [];
  setValueAtTime(v: number) {
    this.values.push(v);
  }
  exponentialRampToValueAtTime(v: number) {
    this.values.push(v);
  }
}

class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  oscillators: { type: string; frequency: FakeParam; started: boolean }[] = [];
  gains: FakeParam[] = [];
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createOscillator() {
    const osc = {
      type: 'sine',
      frequency: new FakeParam(),
      started: false,
      connect: (node: unknown) => node,
      start: () => {
        osc.started = true;
      },
      stop: () => undefined,
    };
    this.oscillators.push(osc);
    return osc;
  }
  createGain() {
    const gain = new FakeParam();
    this.gains.push(gain);
    return { gain, connect: (node: unknown) => node };
  }
}

afterEach(() => {
  resetAudioForTests();
  FakeAudioContext.instances = [];
  vi.unstubAllGlobals();
});

describe('sounds', () => {
  it('is silent without the Web Audio API', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(() => playSound('error')).not.toThrow();
  });

  it('synthesises tones at the requested volume (0.5 by default)', () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    playSound('notification');
    const ctx = FakeAudioContext.instances[0];
    expect(ctx?.oscillators.length).toBeGreaterThan(0);
    expect(ctx?.oscillators.every((o) => o.started)).toBe(true);
    const peak = Math.max(...(ctx?.gains.flatMap((g) => g.values) ?? []));
    expect(peak).toBeCloseTo(0.5 * 0.5);

    playSound('error', 1);
    expect(FakeAudioContext.instances).toHaveLength(1);
  });

  it('fails silently when the browser refuses audio', () => {
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('not allowed');
        }
      },
    );
    expect(() => playSound('notification')).not.toThrow();
  });
});
