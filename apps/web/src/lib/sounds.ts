import { SIGNING_SOUND_VOLUME } from '@sinetti/contract';

/** The app's sounds (SPEC §2.7), synthesised with the Web Audio API: no audio files. */
export type SoundName = 'error' | 'notification';

interface Tone {
  frequency: number;
  /** Seconds from the start of the sound. */
  start: number;
  duration: number;
  type: OscillatorType;
  /** Loudness of this tone relative to the requested volume. */
  gain: number;
}

const SOUNDS: Record<SoundName, Tone[]> = {
  // Two short falling tones.
  error: [
    { frequency: 330, start: 0, duration: 0.12, type: 'triangle', gain: 0.6 },
    { frequency: 220, start: 0.14, duration: 0.22, type: 'triangle', gain: 0.6 },
  ],
  // A soft rising chime.
  notification: [
    { frequency: 880, start: 0, duration: 0.14, type: 'sine', gain: 0.5 },
    { frequency: 1318.5, start: 0.12, duration: 0.3, type: 'sine', gain: 0.5 },
  ],
};

type AudioContextConstructor = new () => AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  // Either may be missing (jsdom, old Safari): the types claim AudioContext always exists.
  const w = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/**
 * Plays a sound at `volume` (0 to 1; the signing sound volume 0.5 by default).
 * Fails silently when audio is unavailable or blocked by the browser.
 */
export function playSound(name: SoundName, volume: number = SIGNING_SOUND_VOLUME): void {
  const level = Math.min(Math.max(volume, 0), 1);
  if (level === 0) return;
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') ctx.resume().catch(() => undefined);
    const now = ctx.currentTime;
    for (const tone of SOUNDS[name]) {
      const begin = now + tone.start;
      const end = begin + tone.duration;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = tone.type;
      oscillator.frequency.setValueAtTime(tone.frequency, begin);
      gain.gain.setValueAtTime(0.0001, begin);
      gain.gain.exponentialRampToValueAtTime(level * tone.gain, begin + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.start(begin);
      oscillator.stop(end + 0.02);
    }
  } catch {
    /* audio unavailable: stay silent */
  }
}

/** For tests: forget the audio context so that a new one is created. */
export function resetAudioForTests(): void {
  context = null;
}
