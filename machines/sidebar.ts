/** The two step lists of §2: five steps for the wizard, two for the opt-out and destination views. */
import type { KeyOf } from '../contract/index.ts';
import type { shellWords } from '../contract/words/en/shell.ts';

export interface SidebarStep {
  index: number;
  /** The step's words: a key of the shell section (contract/words/en/shell.ts). */
  text: KeyOf<typeof shellWords>;
}
export type SidebarKind = 'five' | 'two' | 'none';

export const FIVE_STEPS: readonly SidebarStep[] = [
  { index: 1, text: 'stepLogInProvider' },
  { index: 2, text: 'stepChooseWhere' },
  { index: 3, text: 'stepChooseWhat' },
  { index: 4, text: 'stepStart' },
  { index: 5, text: 'stepStatus' },
];
export const TWO_STEPS: readonly SidebarStep[] = [
  { index: 1, text: 'stepLogIn' },
  { index: 2, text: 'stepAccount' },
];

const NO_STEPS: readonly SidebarStep[] = [];
/** The same list each time for a kind: a view that reads it re-renders only when the kind changes. */
export const stepsFor = (kind: SidebarKind): readonly SidebarStep[] =>
  kind === 'five' ? FIVE_STEPS : kind === 'two' ? TWO_STEPS : NO_STEPS;

/** Start over (and the bar before it) shows only on steps 2, 3, 4 and 6 (§1). */
export const showsStartOver = (step: number): boolean => [2, 3, 4, 6].includes(step);
