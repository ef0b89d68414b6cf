import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from '@/app/app';
import './index.css';

// zod probes for `new Function` support when a schema is first parsed; the page's CSP (no eval) reports
// that probe as a violation even though zod catches it. Jitless parsing skips the probe.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
