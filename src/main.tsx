import { preparePageSecurity } from '@/lib/trusted-types';
import './index.css';

// Before the app's modules are even evaluated: zod reads its no-eval setting when schemas are defined,
// and a static import would evaluate them (in their shared chunks) ahead of this line.
preparePageSecurity();
const [{ StrictMode }, { createRoot }, { App }] = await Promise.all([
  import('react'),
  import('react-dom/client'),
  import('@/app/app'),
]);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
