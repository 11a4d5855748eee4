/**
 * What a person types or picks on a prerendered page before the portal has taken it over (decision
 * 0022). The page's controls take keys from its first paint, with no script behind them; once React
 * has adopted them, the first paint's view answers a change by drawing back its own empty value, and
 * the hand-over to the running portal draws the machine's. So until the live screens listen to the
 * machine, the entry keeps changes away from React and notes each control's value, and keeps it on
 * screen through the hand-over; then each is told to React as input, and the screens send it to the
 * machine like any typing. A key reaching a live screen before it listens would be drawn over by
 * React's last value, the machine's answer not drawn yet: what was typed before it would be lost.
 */
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const typed = new Map<Control, string | boolean>();
/** What the live portal's first commit drew in each noted control (keepTypingOnScreen). */
const drawn = new Map<Control, string | boolean>();
let holding: Element | null = null;

const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
const isCheckable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
const valueOf = (control: Control): string | boolean => (isCheckable(control) ? control.checked : control.value);

function note(event: Event) {
  if (!holding || !isControl(event.target) || !holding.contains(event.target)) return;
  typed.set(event.target, valueOf(event.target));
  // React's listeners are on #root, below the window: the change stays in the control, unseen by the first paint.
  event.stopImmediatePropagation();
}

/** Holds the changes made inside `root` until release(); notes what the browser already restored (Back, a reload). */
export function holdTypingUntilLive(root: Element): void {
  holding = root;
  root.querySelectorAll<Control>('input, textarea, select').forEach((control) => {
    const changed = isCheckable(control)
      ? control.checked !== control.defaultChecked
      : control instanceof HTMLSelectElement
        ? [...control.options].some((option) => option.selected !== option.defaultSelected)
        : control.value !== control.defaultValue;
    if (changed) typed.set(control, valueOf(control));
  });
  window.addEventListener('input', note, true);
  window.addEventListener('change', note, true);
}

/** Sets a control's value or checked state past React's record of it (the element's own property). */
function setSilently(control: Control, value: string | boolean) {
  // The prototype's setter: React records the value it last set on the element through the element's
  // own property, so this leaves its record alone, and a later input event is a change it reports.
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, typeof value === 'boolean' ? 'checked' : 'value')?.set?.call(control, value);
}

/**
 * Called as the live portal commits, before the browser paints it: the commit drew the machine's
 * values over what was typed, and the live screens do not listen to the machine until their effects
 * have run. So the hold goes on, and what was typed is put back on screen (what React drew is kept,
 * to tell React the change from it on release).
 */
export function keepTypingOnScreen(): void {
  for (const [control, value] of typed) {
    drawn.set(control, valueOf(control));
    setSilently(control, value);
  }
}

/**
 * Called once the live screens listen to the machine (an effect of the portal, after its screens'):
 * stops holding, and tells React each change from what it drew, as the person's input; the screen's
 * onChange sends it to the machine, and React draws the machine's answer before the next event.
 */
export function releaseTyping(): void {
  if (!holding) return;
  holding = null;
  window.removeEventListener('input', note, true);
  window.removeEventListener('change', note, true);
  for (const [control, value] of typed) {
    const was = drawn.get(control);
    // A radio unchecked by its group's newly checked one: that one's click tells React of both.
    if (!control.isConnected || value === was || (value === false && control.type === 'radio')) continue;
    if (typeof value === 'boolean') {
      // React hears a checkbox or radio by its click: from what React drew, to what the person left.
      setSilently(control, !value);
      control.click();
      continue;
    }
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
  typed.clear();
  drawn.clear();
}
