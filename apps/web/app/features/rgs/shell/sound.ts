/**
 * Game sounds synthesised with WebAudio (no audio files): short oscillator and noise envelopes.
 *
 * The preference is remembered in localStorage (`croupier.rgs.sound` = 'on' | 'off'). With no saved
 * preference, sound is off until the player's first interaction with the page, then on (browsers
 * refuse to start audio before a gesture anyway). The AudioContext is created lazily on the first
 * sound played after that, never during server rendering.
 */

export const SOUND_NAMES = [
  'click',
  'spin',
  'reelStop',
  'win',
  'bigWin',
  'lose',
  'tick',
  'bounce',
  'roll',
  'feature',
  'chip',
  'card',
] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

export const SOUND_STORAGE_KEY = 'croupier.rgs.sound';

export type SoundPreference = 'on' | 'off' | null;

export function readSoundPreference(storage: Pick<Storage, 'getItem'> | undefined): SoundPreference {
  try {
    const value = storage?.getItem(SOUND_STORAGE_KEY);
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return null;
  }
}

export function writeSoundPreference(storage: Pick<Storage, 'setItem'> | undefined, on: boolean): void {
  try {
    storage?.setItem(SOUND_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode or storage full: the toggle still works for this page.
  }
}

interface Tone {
  type: OscillatorType;
  from: number;
  to?: number;
  /** Seconds after "now". */
  at: number;
  duration: number;
  gain: number;
}

const TONES: Record<Exclude<SoundName, 'roll' | 'spin'>, Tone[]> = {
  click: [{ type: 'square', from: 880, at: 0, duration: 0.03, gain: 0.05 }],
  reelStop: [{ type: 'triangle', from: 180, to: 90, at: 0, duration: 0.09, gain: 0.22 }],
  win: [
    { type: 'triangle', from: 660, at: 0, duration: 0.12, gain: 0.16 },
    { type: 'triangle', from: 880, at: 0.1, duration: 0.12, gain: 0.16 },
    { type: 'triangle', from: 1320, at: 0.2, duration: 0.22, gain: 0.14 },
  ],
  bigWin: [
    { type: 'triangle', from: 523, at: 0, duration: 0.14, gain: 0.16 },
    { type: 'triangle', from: 659, at: 0.12, duration: 0.14, gain: 0.16 },
    { type: 'triangle', from: 784, at: 0.24, duration: 0.14, gain: 0.16 },
    { type: 'triangle', from: 1047, at: 0.36, duration: 0.4, gain: 0.16 },
    { type: 'sine', from: 1568, at: 0.36, duration: 0.5, gain: 0.06 },
  ],
  lose: [{ type: 'sine', from: 300, to: 200, at: 0, duration: 0.18, gain: 0.08 }],
  tick: [{ type: 'sine', from: 1500, at: 0, duration: 0.025, gain: 0.05 }],
  bounce: [{ type: 'sine', from: 1200, to: 700, at: 0, duration: 0.05, gain: 0.07 }],
  feature: [
    { type: 'sawtooth', from: 220, to: 880, at: 0, duration: 0.6, gain: 0.06 },
    { type: 'triangle', from: 880, at: 0.55, duration: 0.3, gain: 0.14 },
  ],
  chip: [
    { type: 'square', from: 2400, to: 1800, at: 0, duration: 0.03, gain: 0.05 },
    { type: 'square', from: 2600, to: 2000, at: 0.04, duration: 0.03, gain: 0.04 },
  ],
  card: [{ type: 'triangle', from: 600, to: 300, at: 0, duration: 0.05, gain: 0.06 }],
};

type AudioContextCtor = new () => AudioContext;

function audioContextCtor(): AudioContextCtor | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext;
}

export interface SoundEngine {
  play(name: SoundName): void;
  /** Closes the AudioContext (page teardown). */
  close(): void;
}

export function createSoundEngine(): SoundEngine {
  let context: AudioContext | undefined;
  let noise: AudioBuffer | undefined;

  function ensureContext(): AudioContext | undefined {
    if (context) return context;
    const Ctor = audioContextCtor();
    if (!Ctor) return undefined;
    try {
      context = new Ctor();
    } catch {
      return undefined;
    }
    return context;
  }

  function tone(ctx: AudioContext, spec: Tone): void {
    const start = ctx.currentTime + spec.at;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = spec.type;
    oscillator.frequency.setValueAtTime(spec.from, start);
    if (spec.to !== undefined)
      oscillator.frequency.exponentialRampToValueAtTime(spec.to, start + spec.duration);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(spec.gain, start + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + spec.duration);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + spec.duration + 0.02);
  }

  function noiseBurst(ctx: AudioContext, durationS: number, gainValue: number, frequency: number): void {
    if (!noise) {
      noise = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.5), ctx.sampleRate);
      const data = noise.getChannelData(0);
      // Sound texture only, not a game outcome: Math.random is fine here.
      for (let index = 0; index < data.length; index += 1) data[index] = Math.random() * 2 - 1;
    }
    const source = ctx.createBufferSource();
    source.buffer = noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = frequency;
    const gain = ctx.createGain();
    const start = ctx.currentTime;
    gain.gain.setValueAtTime(gainValue, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + durationS);
    source.connect(filter).connect(gain).connect(ctx.destination);
    source.start(start);
    source.stop(start + durationS);
  }

  return {
    play(name) {
      const ctx = ensureContext();
      if (!ctx) return;
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      try {
        if (name === 'spin') {
          noiseBurst(ctx, 0.35, 0.08, 1200);
          return;
        }
        if (name === 'roll') {
          noiseBurst(ctx, 0.5, 0.1, 700);
          return;
        }
        for (const spec of TONES[name]) tone(ctx, spec);
      } catch {
        // A sound that fails to play is not worth an error on screen.
      }
    },
    close() {
      void context?.close().catch(() => undefined);
      context = undefined;
    },
  };
}
