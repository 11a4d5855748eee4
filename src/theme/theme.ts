/**
 * The one Emotion theme of the portal. Every colour, space, radius, type size and breakpoint the
 * views use comes from here, so the brand can change in one place. Colours were chosen for
 * contrast: text on `surface` and white on `primary` both pass WCAG AA (4.5:1).
 */

/** Breakpoints of spec §9, in pixels (min-width). */
export const breakpoints = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** `@media (min-width: …)` for a breakpoint: mobile first, larger screens add rules. */
export const mediaUp = (bp: Breakpoint): string => `@media (min-width: ${breakpoints[bp]}px)`;
/** `@media (max-width: …)` just below a breakpoint, for rules that only small screens need. */
export const mediaDown = (bp: Breakpoint): string => `@media (max-width: ${breakpoints[bp] - 0.02}px)`;

export const colors = {
  /** Northwave purple: primary actions, active step, links. */
  primary: '#5b2a86',
  primaryHover: '#4a2070',
  primaryActive: '#3b185b',
  /** Tinted purple for selected cards and soft backgrounds. */
  primarySoft: '#f3ecf9',
  primarySoftBorder: '#d9c6ea',
  /** Dark aubergine: headings and body text. */
  dark: '#2b1740',
  /** Secondary text (passes AA on white and on lightGrey). */
  muted: '#5e5270',
  /** Accent (the logo's dot): focus ring and highlights, never text on white. */
  accent: '#f2b134',
  lightGrey: '#f4f2f7',
  border: '#d8d3e0',
  borderStrong: '#a39bb0',
  surface: '#ffffff',
  background: '#faf9fc',
  success: '#1e7a46',
  successSoft: '#e6f4ec',
  error: '#b3261e',
  errorSoft: '#fcebea',
  info: '#1f5fa8',
  infoSoft: '#e8f0fa',
  warning: '#8a5a00',
  warningSoft: '#fdf4e1',
  white: '#ffffff',
} as const;

/** The loader of §9: bars, full opacity, purple and light grey. */
export const loader = { bar: colors.primary, track: '#e4dfeb', opacity: 1 } as const;

/** A 4 px spacing scale: `space(4)` is 16 px. */
export const space = (n: number): string => `${n * 4}px`;

export const radii = { sm: '6px', md: '10px', lg: '16px', pill: '999px' } as const;

export const font = {
  family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  size: { xs: '0.8125rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '1.75rem', hero: '2.25rem' },
  weight: { regular: 400, medium: 500, bold: 700 },
  lineHeight: { tight: 1.25, normal: 1.5 },
} as const;

export const shadows = {
  card: '0 1px 2px rgba(43, 23, 64, 0.06), 0 4px 16px rgba(43, 23, 64, 0.06)',
  modal: '0 12px 48px rgba(43, 23, 64, 0.28)',
} as const;

/** One focus ring for every control: visible on white, purple and grey. */
export const focusRing = `outline: 3px solid ${colors.accent}; outline-offset: 2px; box-shadow: 0 0 0 5px ${colors.dark};`;

export const layout = { maxWidth: '1280px', sidebarWidth: '280px', headerHeight: '64px' } as const;

export const theme = {
  colors,
  loader,
  space,
  radii,
  font,
  shadows,
  breakpoints,
  mediaUp,
  mediaDown,
  focusRing,
  layout,
} as const;

export type PortalTheme = typeof theme;

declare module '@emotion/react' {
  // Emotion's Theme is an empty interface meant to be augmented: this gives `css={(t) => …}` types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends PortalTheme {}
}
