// First: zod must see its config before any page loads it (lib/zod-jitless.ts).
import './lib/zod-jitless';
// Reads the address the server answered before the router can change it (lib/document-path.ts).
import './lib/document-path';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@fontsource-variable/inter';
import '@recipehub/ui/styles.css';
import './app/app.css';
import { App } from './app/app';
import { DASHBOARD_SLOT_SELECTOR, startDashboardFirstPaint } from './lib/dashboard-first-paint';
import { readToken, renderFirstAsSignedIn } from './lib/token-store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = <App Router={BrowserRouter} />;
// The server sends `/` with the home page's first render already in the HTML (home.html, made
// at build time), so the intro paints before this script has run; React adopts that markup.
// Every other page arrives as the empty shell and is rendered here, but for the dashboard with
// a page cookie (lib/dashboard-first-paint.ts): hydrated as the signed-in member it was rendered
// for, or, when this browser holds no token (it signed out elsewhere), rendered as today.
const dashboardSlot = container.querySelector(DASHBOARD_SLOT_SELECTOR);
if (dashboardSlot) {
  const token = readToken();
  if (token !== null && dashboardSlot.firstElementChild) {
    renderFirstAsSignedIn(token);
    startDashboardFirstPaint();
  } else container.replaceChildren();
}
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
