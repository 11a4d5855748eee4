/** The two step lists of §2: five steps for the wizard, two for the opt-out and destination views. */
export interface SidebarStep {
  index: number;
  text: string;
}
export type SidebarKind = 'five' | 'two' | 'none';

export const FIVE_STEPS: readonly SidebarStep[] = [
  { index: 1, text: "Log in to the provider's email account" },
  { index: 2, text: 'Choose where to transfer' },
  { index: 3, text: 'Choose what to transfer' },
  { index: 4, text: 'Start transfer' },
  { index: 5, text: 'Check your transfer status' },
];
export const TWO_STEPS: readonly SidebarStep[] = [
  { index: 1, text: 'Log in' },
  { index: 2, text: 'Email account information' },
];

export const stepsFor = (kind: SidebarKind): SidebarStep[] => (kind === 'five' ? [...FIVE_STEPS] : kind === 'two' ? [...TWO_STEPS] : []);

/** Start over (and the bar before it) shows only on steps 2, 3, 4 and 6 (§1). */
export const showsStartOver = (step: number): boolean => [2, 3, 4, 6].includes(step);
