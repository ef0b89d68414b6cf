import { useCallback, useState } from 'react';

const PREFERENCE_KEY = 'inbox:alert-sound';

/** On unless the person turned it off in this browser (read afresh: another tab may have changed it). */
export function isAlertSoundOn(): boolean {
  try {
    return window.localStorage.getItem(PREFERENCE_KEY) !== 'off';
  } catch {
    return true;
  }
}

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context === null) {
    const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
    if (Context === undefined) return null;
    context = new Context();
  }
  return context;
}

/**
 * Browsers only let a page make sound after the person has interacted with it; the first key or click
 * on the page wakes the audio context, so a later alert in a background tab can be heard.
 */
export function unlockAlertSound(): void {
  const audio = audioContext();
  if (audio?.state === 'suspended') void audio.resume().catch(() => undefined);
}

/** A short two-note chime made on the spot (no audio file to fetch), quiet enough not to startle. */
export function playAlertSound(): void {
  const audio = audioContext();
  if (audio === null) return;
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const start = audio.currentTime + 0.02;
  for (const [index, frequency] of [880, 1318.5].entries()) {
    const at = start + index * 0.16;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.4);
  }
}

/** The alert sound's on/off setting, remembered per browser. */
export function useAlertSoundSetting() {
  const [isOn, setIsOn] = useState(isAlertSoundOn);
  const setOn = useCallback((on: boolean) => {
    try {
      window.localStorage.setItem(PREFERENCE_KEY, on ? 'on' : 'off');
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
    setIsOn(on);
    if (on) unlockAlertSound();
  }, []);
  return { isOn, setOn };
}
