/**
 * The sound a finished timer makes: three short beeps from the Web Audio API (no audio file to
 * download). Browsers only let a page make sound after the user has interacted with it, so the
 * audio context is created (or resumed) when a timer is started, by that click, and used when the
 * timer ends. Where there is no Web Audio the alert is visual (and a vibration where supported).
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as unknown as {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** Call from the click that starts a timer, so the browser allows the alarm later. */
export function prepareAlarm(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

/** Three beeps at 880 Hz (about 1 s in all), and a vibration on phones that have one. */
export function playAlarm(): void {
  navigator.vibrate?.([300, 150, 300, 150, 300]);
  if (!context) prepareAlarm();
  if (!context) return;
  const start = context.currentTime + 0.05;
  for (let beep = 0; beep < 3; beep++) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 880;
    gain.gain.value = 0.15;
    oscillator.connect(gain);
    gain.connect(context.destination);
    const at = start + beep * 0.35;
    oscillator.start(at);
    oscillator.stop(at + 0.2);
  }
}
