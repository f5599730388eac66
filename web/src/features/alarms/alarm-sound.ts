/**
 * Alarm sounds synthesised with Web Audio: nothing to download, and each sound type is a distinct pattern that
 * can be told apart without looking (docs/product.md §2, §9: bell, chime, notification; volume 0–100).
 */
import type { SoundType } from '#shared/constants.ts';

interface Tone {
  /** Seconds from the start of the sound. */
  at: number;
  frequency: number;
  /** Seconds until the tone has died away. */
  length: number;
  wave: OscillatorType;
  /** Loudness relative to the other tones of the pattern, 0–1. */
  level: number;
}

/** A struck bell: a fundamental with the inharmonic partials of a real bell, struck twice. */
function bellStrike(at: number): Tone[] {
  const fundamental = 587.33; // D5
  const partials: Array<[ratio: number, level: number, length: number]> = [
    [0.5, 0.35, 2.2],
    [1, 1, 1.8],
    [1.19, 0.45, 1.2],
    [1.5, 0.3, 1],
    [2, 0.4, 0.9],
    [2.74, 0.2, 0.6],
  ];
  return partials.map(([ratio, level, length]) => ({
    at,
    frequency: fundamental * ratio,
    length,
    wave: 'sine',
    level,
  }));
}

/** The tone patterns by sound type. */
export const SOUND_PATTERNS: Record<SoundType, Tone[]> = {
  bell: [...bellStrike(0), ...bellStrike(0.9)],
  // A rising major arpeggio, like wind chimes settling.
  chime: [
    { at: 0, frequency: 1046.5, length: 0.9, wave: 'sine', level: 0.8 },
    { at: 0.16, frequency: 1318.5, length: 0.9, wave: 'sine', level: 0.8 },
    { at: 0.32, frequency: 1568, length: 1.2, wave: 'sine', level: 0.9 },
  ],
  // Two short electronic beeps, the second higher.
  notification: [
    { at: 0, frequency: 880, length: 0.14, wave: 'triangle', level: 1 },
    { at: 0.2, frequency: 1174.7, length: 0.18, wave: 'triangle', level: 1 },
  ],
};

/** Loudest output at volume 100; several partials sum, so each is kept well below clipping. */
const MASTER_LEVEL = 0.3;
/** How long to wait for a suspended context to resume before giving up on this sound. */
const RESUME_WAIT_MS = 300;
const ATTACK_SECONDS = 0.01;
/** Exponential ramps cannot reach zero. */
const SILENCE = 0.0001;

let shared: AudioContext | undefined;

function audioContext(): AudioContext {
  const Context =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) throw new Error('This browser has no Web Audio');
  // Browsers cap the number of contexts a page may open: one serves every alarm.
  if (!(shared instanceof Context)) shared = new Context();
  return shared;
}

/**
 * A running context. Browsers keep audio suspended until the user has interacted with the page; an alarm that
 * cannot sound now is skipped rather than queued, so that a later click does not set off a backlog of sounds.
 */
async function runningContext(): Promise<AudioContext> {
  const context = audioContext();
  if (context.state !== 'running') {
    await Promise.race([context.resume(), new Promise((resolve) => setTimeout(resolve, RESUME_WAIT_MS))]);
  }
  if (context.state !== 'running') throw new Error('The browser has not allowed sound on this page yet');
  return context;
}

/**
 * Lets the first click or key press on the page unlock audio, so that alarms arriving later can sound (a page
 * opened or reloaded while signed in has had no interaction yet).
 */
export function unlockAudioOnFirstInteraction(
  target: Pick<Document, 'addEventListener' | 'removeEventListener'> = document,
): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const unlock = () => {
    remove();
    try {
      void audioContext().resume();
    } catch {
      // No Web Audio: alarms will report it when they try to sound.
    }
  };
  const remove = () => {
    for (const type of events) target.removeEventListener(type, unlock);
  };
  for (const type of events) target.addEventListener(type, unlock);
  return remove;
}

/**
 * Plays the alarm sound of `soundType` at `volume` (0–100); resolves once it is scheduled. Rejects when the
 * browser cannot play it (no Web Audio, or sound not yet allowed on the page).
 */
export async function playAlarmSound(soundType: SoundType, volume: number): Promise<void> {
  const gain = (Math.min(100, Math.max(0, volume)) / 100) * MASTER_LEVEL;
  if (gain === 0) return;
  const context = await runningContext();
  const master = context.createGain();
  master.gain.value = gain;
  master.connect(context.destination);
  const start = context.currentTime + 0.02;
  let end = start;
  for (const tone of SOUND_PATTERNS[soundType]) {
    const begins = start + tone.at;
    const ends = begins + tone.length;
    const oscillator = context.createOscillator();
    oscillator.type = tone.wave;
    oscillator.frequency.value = tone.frequency;
    const envelope = context.createGain();
    envelope.gain.setValueAtTime(SILENCE, begins);
    envelope.gain.exponentialRampToValueAtTime(tone.level, begins + ATTACK_SECONDS);
    envelope.gain.exponentialRampToValueAtTime(SILENCE, ends);
    oscillator.connect(envelope).connect(master);
    oscillator.start(begins);
    oscillator.stop(ends);
    end = Math.max(end, ends);
  }
  // Disconnect the sound's graph once it has played, so that nodes do not pile up over a long shift.
  setTimeout(() => master.disconnect(), (end - context.currentTime) * 1000 + 100);
}
