/**
 * Rules that hide text from the eye but keep it for screen readers. A plain string (not an Emotion
 * `css` call) so any style can embed it without pulling a kit component into the first load.
 */
export const visuallyHidden = `
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
`;
