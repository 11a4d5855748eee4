export * from './theme';
export { GlobalStyles, visuallyHidden } from './global-styles';
