import { describe, expect, it, vi } from 'vitest';
import { SOUND_TYPES } from '#shared/constants.ts';
import { playAlarmSound, unlockAudioOnFirstInteraction } from './alarm-sound.ts';
import { fakeAudioContextClass } from './browser-fakes.ts';

function withAudio(options?: Parameters<typeof fakeAudioContextClass>[0]) {
  const fake = fakeAudioContextClass(options);
  vi.stubGlobal('AudioContext', fake.AudioContext);
  return { context: () => fake.contexts.at(-1)!, contexts: fake.contexts };
}

type Oscillator = ReturnType<ReturnType<typeof withAudio>['context']>['oscillators'][number];

/** A sound as `[seconds after its first tone, rounded frequency]` pairs. */
const pattern = (oscillators: Oscillator[]) => {
  const starts = oscillators.map((o) => o.start.mock.calls[0]![0] as number);
  const first = Math.min(...starts);
  return oscillators.map((o, i) => [Number((starts[i]! - first).toFixed(2)), Math.round(o.frequency.value)]);
};

describe('playAlarmSound', () => {
  it('plays three patterns that differ from one another', async () => {
    const audio = withAudio();
    const patterns = [];
    for (const soundType of SOUND_TYPES) {
      const before = audio.contexts[0]?.oscillators.length ?? 0;
      await playAlarmSound(soundType, 80);
      patterns.push(JSON.stringify(pattern(audio.context().oscillators.slice(before))));
    }
    expect(new Set(patterns).size).toBe(3);
    expect(audio.contexts).toHaveLength(1);
  });

  it.each([
    [100, 0.3],
    [50, 0.15],
  ])('at volume %i sets the output level to %s', async (volume, level) => {
    const audio = withAudio();
    await playAlarmSound('chime', volume);
    // The first gain node made for a sound is its master volume.
    expect(audio.context().gains[0]?.gain.value).toBe(level);
  });

  it('makes no sound at all at volume 0', async () => {
    const audio = withAudio();
    await playAlarmSound('bell', 0);
    expect(audio.contexts.flatMap((context) => context.oscillators)).toEqual([]);
  });

  it('resumes a context the browser suspended', async () => {
    const audio = withAudio({ state: 'suspended' });
    await playAlarmSound('bell', 80);
    expect(audio.context().resume).toHaveBeenCalled();
    expect(audio.context().oscillators.length).toBeGreaterThan(0);
  });

  it('fails, without queueing the sound, while the browser keeps audio suspended', async () => {
    const audio = withAudio({ state: 'suspended', resumes: false });
    await expect(playAlarmSound('notification', 80)).rejects.toThrow('not allowed sound');
    expect(audio.context().oscillators).toEqual([]);
  });

  it('fails where the browser has no Web Audio', async () => {
    vi.stubGlobal('AudioContext', undefined);
    await expect(playAlarmSound('bell', 80)).rejects.toThrow('no Web Audio');
  });
});

describe('unlockAudioOnFirstInteraction', () => {
  it('resumes audio on the first key press or click, once', () => {
    const audio = withAudio({ state: 'suspended' });
    unlockAudioOnFirstInteraction(document);

    document.dispatchEvent(new KeyboardEvent('keydown'));
    document.dispatchEvent(new Event('pointerdown'));

    expect(audio.context().resume).toHaveBeenCalledTimes(1);
  });
});
