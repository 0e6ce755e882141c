/**
 * The shell's sound switch: the player's saved choice, or off until the first interaction and then
 * on (browsers refuse audio before one). The WebAudio engine is made on the first sound played.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SoundApi } from './game-shell-context.ts';
import { useFirstInteraction } from './hooks.ts';
import { createSoundEngine, readSoundPreference, type SoundEngine, writeSoundPreference } from './sound.ts';

export function useShellSound(): SoundApi {
  const engine = useRef<SoundEngine | null>(null);
  const [soundOn, setSoundOn] = useState(false);
  const interacted = useRef(false);
  useEffect(() => {
    const saved = readSoundPreference(window.localStorage);
    if (saved === 'on') setSoundOn(true);
    return () => engine.current?.close();
  }, []);
  useFirstInteraction(() => {
    interacted.current = true;
    if (readSoundPreference(window.localStorage) === null) setSoundOn(true);
  });
  return useMemo<SoundApi>(
    () => ({
      enabled: soundOn,
      toggle() {
        setSoundOn((on) => {
          writeSoundPreference(window.localStorage, !on);
          return !on;
        });
      },
      play(name) {
        if (!soundOn || !interacted.current) return;
        engine.current ??= createSoundEngine();
        engine.current.play(name);
      },
    }),
    [soundOn],
  );
}
