/**
 * What a person types or picks on a prerendered page before the portal has taken it over (decision
 * 0022). The page's controls take keys from its first paint, with no script behind them; once React
 * has adopted them, the first paint's view answers a change by drawing back its own empty value, and
 * the hand-over to the running portal draws the machine's. So until the page is live, the entry keeps
 * changes away from React and notes each control's value; when the page goes live they are played
 * back into the live controls as input, and the screens send them to the machine like any typing.
 */
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const typed = new Map<Control, string | boolean>();
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

/**
 * Called as the live portal commits, before the browser paints it: stops holding, then plays each
 * noted value back into its control (still the same element, React adopted it) as the person's input.
 */
export function releaseTyping(): void {
  if (!holding) return;
  holding = null;
  window.removeEventListener('input', note, true);
  window.removeEventListener('change', note, true);
  for (const [control, value] of typed) {
    if (!control.isConnected || valueOf(control) === value) continue;
    if (typeof value === 'boolean') {
      control.click();
      continue;
    }
    // Through the prototype's setter: React tracks the value it last set on the element, and only a
    // value it did not set is a change it reports to the screen (onChange).
    const prototype = Object.getPrototypeOf(control) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
  typed.clear();
}
