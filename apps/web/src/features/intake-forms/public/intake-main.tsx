// Before any schema is built: the shared answer rule builds zod's, and the page's policy forbids eval.
import '../../../lib/zod-without-eval.ts';
import './intake-page.css';
import './public-intake.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicIntakePage } from './public-intake-page.tsx';

/**
 * The public intake form's own entry (intake.html, built apart from the app: build/intake-form-entry.ts).
 * Plain React and native controls: no router, no query cache, no Mantine (ADR 81).
 */
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <PublicIntakePage pathname={window.location.pathname} />
  </StrictMode>,
);
