// The baseline of `npm run bench:paint`: the smallest React page on the portal's stack (React 19,
// Emotion's JSX runtime through the same Vite configuration), rendered by its script.
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(<h1>Hello, world</h1>);
